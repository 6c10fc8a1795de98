import type { Logger } from 'pino';
import { HelpRequestEvents } from './events.js';
import { FaqService } from './faqs.js';
import { HelpRequestService } from './requests.js';
import { helpStatistics } from './statistics.js';

export interface Helpdesk {
  requests: HelpRequestService;
  faqs: FaqService;
  /** Help-request changes, published after commit. */
  events: HelpRequestEvents;
  statistics: typeof helpStatistics;
}

export function createHelpdesk(deps: { now: () => Date; log: Pick<Logger, 'error'> }): Helpdesk {
  const events = new HelpRequestEvents(deps.log);
  return { requests: new HelpRequestService(deps.now, events), faqs: new FaqService(deps.now), events, statistics: helpStatistics };
}
