import type { Logger } from 'pino';
import type { Channel } from './redis-channel.js';
import { HelpRequestEvents } from './events.js';
import { FaqService } from './faqs.js';
import { HelpRequestService } from './requests.js';
import { HelpStatisticsService } from './statistics.js';

export interface Helpdesk {
  requests: HelpRequestService;
  faqs: FaqService;
  /** Help-request changes, published after commit. */
  events: HelpRequestEvents;
  statistics: HelpStatisticsService;
}

/** `channel` carries help-request changes to every replica (Redis); without one they stay in this process. */
export function createHelpdesk(deps: { now: () => Date; log: Pick<Logger, 'error' | 'warn'>; channel?: Channel }): Helpdesk {
  const events = new HelpRequestEvents(deps.log, deps.channel);
  return { requests: new HelpRequestService(deps.now, events), faqs: new FaqService(deps.now), events, statistics: new HelpStatisticsService() };
}
