/* eslint-disable */
import type { AuditAction } from './enums.js';
import type { AuditActorType } from './enums.js';
import type { AuditTargetType } from './enums.js';
import type { DataStatus } from './enums.js';
import type { HelpAgentNotificationEvent } from './enums.js';
import type { HelpCategory } from './enums.js';
import type { HelpHeldMailCause } from './enums.js';
import type { HelpHistoryAction } from './enums.js';
import type { HelpMailDeliveryState } from './enums.js';
import type { HelpMessageAuthorRole } from './enums.js';
import type { HelpMessageChannel } from './enums.js';
import type { HelpMessageVisibility } from './enums.js';
import type { HelpPriority } from './enums.js';
import type { HelpRequestChangeKind } from './enums.js';
import type { HelpRequestSortField } from './enums.js';
import type { HelpRuleActionType } from './enums.js';
import type { HelpRuleConditionField } from './enums.js';
import type { HelpRuleConditionOperator } from './enums.js';
import type { HelpRuleEvent } from './enums.js';
import type { HelpSortOrder } from './enums.js';
import type { HelpStatus } from './enums.js';
import type { HelpWebhookDeliveryState } from './enums.js';
import type { HelpWeekday } from './enums.js';
import type { RiskLevel } from './enums.js';
import type { Role } from './enums.js';
import type { Theme } from './enums.js';
import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { UserRecord as UserRecordModel, UserConnection as UserConnectionModel } from '../../../users/views.js';
import type { Group as GroupModel } from '../../../users/group.entity.js';
import type { Workspace as WorkspaceModel, RegistryEntry as RegistryEntryModel, WorkspaceSettings as WorkspaceSettingsModel, FileMapping as FileMappingModel } from '../../../users/workspace.entity.js';
import type { UserAttributesView as UserAttributesViewModel } from '../../../users/attributes.js';
import type { HelpRequestView as HelpRequestViewModel, HelpRequestHistoryView as HelpRequestHistoryViewModel, HelpResponseView as HelpResponseViewModel, HelpRequestConnection as HelpRequestConnectionModel } from '../../../helpdesk/help-request-read-model.js';
import type { HelpAttachmentView as HelpAttachmentViewModel } from '../../../helpdesk/attachments/read-model.js';
import type { FaqView as FaqViewModel } from '../../../helpdesk/faq-read-model.js';
import type { HelpRequestChange as HelpRequestChangeModel } from '../../../helpdesk/events.js';
import type { Pagination as PaginationModel } from '../../../helpdesk/help-request-reads.js';
import type { WildfireRisk as WildfireRiskModel, EarthquakeRisk as EarthquakeRiskModel, AreaRisk as AreaRiskModel } from '../../../risk/service.js';
import type { AuditEventView as AuditEventViewModel } from '../../../audit/trail.js';
import type { HelpMessageView as HelpMessageViewModel, HelpMessageConnection as HelpMessageConnectionModel, HelpContactConnection as HelpContactConnectionModel, HelpReplyResult as HelpReplyResultModel } from '../../../helpdesk/conversations/views.js';
import type { HelpContactView as HelpContactViewModel } from '../../../helpdesk/conversations/contacts.js';
import type { HeldMailView as HeldMailViewModel, HeldMailConnection as HeldMailConnectionModel, ReleasedMailView as ReleasedMailViewModel } from '../../../mail/inbound/held.js';
import type { HelpMailDeliveryView as HelpMailDeliveryViewModel } from '../../../mail/deliveries.js';
import type { AgentNotificationsView as AgentNotificationsViewModel } from '../../../mail/agents.js';
import type { Context } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type EnumResolverSignature<T, AllowedValues = any> = { [key in keyof T]?: AllowedValues };
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A 64-bit signed integer, sent as a JSON number when it fits in 53 bits and as a string otherwise. */
  BigInt: { input: bigint | number; output: bigint | number; }
  /** An ISO 8601 date-time in UTC with milliseconds, e.g. 2026-11-21T10:15:30.123Z. */
  DateTime: { input: Date; output: Date | string; }
  /** Arbitrary JSON, used only where the legacy data is free-form (a workspace's exec_config). */
  JSON: { input: unknown; output: unknown; }
};

/** The risk of one area, both hazards at once. */
export type AreaRisk = {
  __typename?: 'AreaRisk';
  /** The area's earthquake risk. */
  earthquake: EarthquakeRisk;
  /** The area's wildfire risk. */
  wildfire: WildfireRisk;
  /** The five-digit ZIP code of the area. */
  zipCode: Scalars['String']['output'];
};

export { AuditAction };

/** Who made a change. */
export type AuditActor = {
  __typename?: 'AuditActor';
  /** A user's id, an API key's api_key; null for the system. */
  id?: Maybe<Scalars['ID']['output']>;
  /** The user's username or the key's name at the time. */
  name?: Maybe<Scalars['String']['output']>;
  /** Whether a user, an API key or the system acted. */
  type: AuditActorType;
};

export { AuditActorType };

/** One field a change set. A password, hash, secret or token is named with null values. */
export type AuditChange = {
  __typename?: 'AuditChange';
  /** The field's name, as the changed record names it. */
  field: Scalars['String']['output'];
  /** Its value after the change; null for a secret, or when the record was deleted. */
  newValue?: Maybe<Scalars['JSON']['output']>;
  /** Its value before the change; null for a secret, or when the record was created. */
  oldValue?: Maybe<Scalars['JSON']['output']>;
};

/** One privileged change: who made it, from where, what it changed, and the fields' values before and after. */
export type AuditEvent = {
  __typename?: 'AuditEvent';
  /** What was done. */
  action: AuditAction;
  /** Who made the change. */
  actor: AuditActor;
  /** The fields the change set, each with its value before and after; a secret is named without its values. */
  changes: Array<AuditChange>;
  /** The client address of that request; null outside a request. */
  clientAddress?: Maybe<Scalars['String']['output']>;
  /** The event's id, 32 lowercase hexadecimal characters. */
  id: Scalars['ID']['output'];
  /** When the change was made (the time of its transaction). */
  occurredAt: Scalars['DateTime']['output'];
  /** The id of the request that made the change (the X-Request-Id the response carried); null outside a request. */
  requestId?: Maybe<Scalars['String']['output']>;
  /** What the change touched. */
  target: AuditTarget;
};

/** Audit events, newest first, by cursor. */
export type AuditEventConnection = {
  __typename?: 'AuditEventConnection';
  /** The events of this page, newest first. */
  edges: Array<AuditEventEdge>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
};

/** One audit event in a page, with its cursor. */
export type AuditEventEdge = {
  __typename?: 'AuditEventEdge';
  /** Where this event sits in the list: give it as after to read the events that follow. */
  cursor: Scalars['String']['output'];
  /** The event. */
  node: AuditEvent;
};

/** What a change touched. */
export type AuditTarget = {
  __typename?: 'AuditTarget';
  /** The record's id (a help request's or FAQ entry's number as text). */
  id?: Maybe<Scalars['ID']['output']>;
  /** A readable name at the time of the change (a username, a group's name, a request's title). */
  name?: Maybe<Scalars['String']['output']>;
  /** What kind of record the change touched. */
  type: AuditTargetType;
};

export { AuditTargetType };

/** A bearer access token, for the Authorization header of later requests. */
export type AuthPayload = {
  __typename?: 'AuthPayload';
  /** The token, a signed JWT naming the session it belongs to. */
  accessToken: Scalars['String']['output'];
  /** Seconds until the token expires. */
  expiresIn: Scalars['Int']['output'];
  /** Always "Bearer": send the token as `Authorization: Bearer <accessToken>`. */
  tokenType: Scalars['String']['output'];
};

/** A point on the map, in decimal degrees (WGS 84). */
export type Coordinates = {
  __typename?: 'Coordinates';
  /** Degrees north of the equator (negative south). */
  latitude: Scalars['Float']['output'];
  /** Degrees east of Greenwich (negative west). */
  longitude: Scalars['Float']['output'];
};

/** A new FAQ entry. */
export type CreateFaqInput = {
  /** The answer. */
  answer: Scalars['String']['input'];
  /** Defaults to GENERAL. */
  category?: InputMaybe<HelpCategory>;
  /** Where it stands among its category's entries, lowest first (default 0). */
  displayOrder?: InputMaybe<Scalars['Int']['input']>;
  /** Whether it is shown (default true). */
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
  /** The question. */
  question: Scalars['String']['input'];
  /** Words to find it by; trimmed, lower-cased, duplicates dropped. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** A new group. */
export type CreateGroupInput = {
  /** What the group is for. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The group's name, unique. */
  name: Scalars['String']['input'];
};

/** A new automation. */
export type CreateHelpAutomationInput = {
  /** What it does (at least one action). */
  actions: Array<HelpRuleActionInput>;
  /** Whether it runs (default true). */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** When it fires (at least one condition; CHANGED operators are refused). */
  conditions: HelpRuleConditionsInput;
  /** Its name (1 to 100 characters). */
  name: Scalars['String']['input'];
};

/** A new help request. */
export type CreateHelpRequestInput = {
  /** Tokens from `POST /api/help/uploads` (at most 10): their files are attached to the new request. */
  attachmentTokens?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Defaults to GENERAL. */
  category?: InputMaybe<HelpCategory>;
  /** An address to answer at besides the requester's account. */
  contactEmail?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 10,000 characters. */
  description: Scalars['String']['input'];
  /** Defaults to MEDIUM. */
  priority?: InputMaybe<HelpPriority>;
  /** 1 to 200 characters. */
  title: Scalars['String']['input'];
  /** A five-digit US ZIP code, as the risk queries take it. */
  zip?: InputMaybe<Scalars['String']['input']>;
};

/** A new schedule. */
export type CreateHelpScheduleInput = {
  /** Whole days off (at most 2,000, one per date). */
  holidays?: InputMaybe<Array<HelpScheduleHolidayInput>>;
  /** The weekly working intervals: at least one, at most 100. */
  intervals: Array<HelpScheduleIntervalInput>;
  /** A unique name, 1 to 100 characters. */
  name: Scalars['String']['input'];
  /** Public holidays to add to holidays (a date given in holidays keeps its name). */
  publicHolidays?: InputMaybe<HelpPublicHolidaysInput>;
  /** An IANA time zone, such as America/Los_Angeles. */
  timeZone: Scalars['String']['input'];
};

/** A new trigger. */
export type CreateHelpTriggerInput = {
  /** What it does (at least one action). */
  actions: Array<HelpRuleActionInput>;
  /** Whether it runs (default true). */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** When it fires; none: on every one of its events. */
  conditions?: InputMaybe<HelpRuleConditionsInput>;
  /** The events it runs on (at least one). */
  events: Array<HelpRuleEvent>;
  /** Its name (1 to 100 characters). */
  name: Scalars['String']['input'];
};

/** A new webhook. */
export type CreateHelpWebhookInput = {
  /** What it is for (at most 500 characters). */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The events it hears; none: only triggers' SEND_WEBHOOK actions send to it. */
  events?: InputMaybe<Array<HelpRuleEvent>>;
  /** Where deliveries go: an https URL whose host resolves to public addresses. */
  url: Scalars['String']['input'];
};

/** A new user account. */
export type CreateUserInput = {
  /** Create the account disabled. */
  disabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** The given name. */
  firstName?: InputMaybe<Scalars['String']['input']>;
  /** The family name. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Create the account locked. */
  locked?: InputMaybe<Scalars['Boolean']['input']>;
  /** The user's organisation. */
  organization?: InputMaybe<Scalars['String']['input']>;
  /** Without one, the account gets a random password nobody knows (sign-in needs an administrator to set one). */
  password?: InputMaybe<Scalars['String']['input']>;
  /** A phone number: digits separated by single hyphens. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Only an administrator user (not an API key) may create another administrator. */
  role?: InputMaybe<Role>;
  /** The login name, prepared per RFC 8265. */
  username: Scalars['String']['input'];
};

export { DataStatus };

/** Points of each part of the earthquake score. */
export type EarthquakeComponents = {
  __typename?: 'EarthquakeComponents';
  /** 5-30: distance to the nearest monitored major fault. */
  faultProximity: Scalars['Int']['output'];
  /** 0-40: the largest magnitude among them. */
  magnitude: Scalars['Int']['output'];
  /** 0-30: events of magnitude 1.0 or more within 1 degree over 365 days. */
  seismicActivity: Scalars['Int']['output'];
};

/** Where the earthquake score's seismic data came from. */
export type EarthquakeDataStatus = {
  __typename?: 'EarthquakeDataStatus';
  /** The seismic event service's part of the answer. */
  seismic: DataStatus;
};

/** The earthquake risk of a ZIP code's area, scored 0-100 from recent events, their magnitude and fault distance. */
export type EarthquakeRisk = {
  __typename?: 'EarthquakeRisk';
  /** The points of each part of the score. */
  components: EarthquakeComponents;
  /** The centre of the ZIP code's area. */
  coordinates: Coordinates;
  /** Where each part's data came from. */
  dataStatus: EarthquakeDataStatus;
  /** Distance to the nearest monitored fault, e.g. "12.3 km". */
  faultDistance: Scalars['String']['output'];
  /** When the score was computed. */
  lastUpdated: Scalars['DateTime']['output'];
  /** Null when the seismic service was unavailable; 0 when there was no event. */
  maxMagnitude?: Maybe<Scalars['Float']['output']>;
  /** Null when the seismic service was unavailable. */
  recentEarthquakes?: Maybe<Scalars['Int']['output']>;
  /** The band of riskScore. */
  riskLevel: RiskLevel;
  /** 0-100. */
  riskScore: Scalars['Int']['output'];
  /** The five-digit ZIP code asked about. */
  zipCode: Scalars['String']['output'];
};

/** A frequently asked question and its answer. */
export type Faq = {
  __typename?: 'Faq';
  /** The answer. */
  answer: Scalars['String']['output'];
  /** What the question is about. */
  category: HelpCategory;
  /** When the entry was written. */
  createdAt: Scalars['DateTime']['output'];
  /** Where it stands among its category's entries, lowest first. */
  displayOrder: Scalars['Int']['output'];
  /** The entry's number. */
  id: Scalars['Int']['output'];
  /** Whether it is shown; an inactive entry is kept but not listed. */
  isActive: Scalars['Boolean']['output'];
  /** The question. */
  question: Scalars['String']['output'];
  /** Words to find it by, lower case. */
  tags: Array<Scalars['String']['output']>;
  /** When the entry last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** The FAQ entries of one category. */
export type FaqGroup = {
  __typename?: 'FaqGroup';
  /** The category. */
  category: HelpCategory;
  /** Ordered by displayOrder, then id. */
  entries: Array<Faq>;
};

/** The FAQ, by category. */
export type FaqList = {
  __typename?: 'FaqList';
  /** Categories in the order HelpCategory declares them; empty categories are left out. */
  groups: Array<FaqGroup>;
  /** How many entries the groups hold in all. */
  totalCount: Scalars['Int']['output'];
};

/** A file placed into every workspace, e.g. a root-level post-run script. */
export type FileMapping = {
  __typename?: 'FileMapping';
  /** What the file is for. */
  description: Scalars['String']['output'];
  /** An absolute path inside the workspace. */
  destinationPath: Scalars['String']['output'];
  /** Whether the file is made executable. */
  executable: Scalars['Boolean']['output'];
  /** The mapping's id. */
  id: Scalars['ID']['output'];
  /** The mapping's name. */
  name: Scalars['String']['output'];
};

/** A new file mapping. */
export type FileMappingInput = {
  /** What the file is for. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** An absolute path inside the workspace. */
  destinationPath: Scalars['String']['input'];
  /** Whether the file is made executable. */
  executable?: InputMaybe<Scalars['Boolean']['input']>;
  /** The mapping's name. */
  name: Scalars['String']['input'];
};

/** A set of users; its allowed workspaces are what its members may use. */
export type Group = {
  __typename?: 'Group';
  /** The installed workspaces members of this group may use. */
  allowedWorkspaces: Array<Workspace>;
  /** When the group was created. */
  createdAt: Scalars['DateTime']['output'];
  /** What the group is for; null when not given. */
  description?: Maybe<Scalars['String']['output']>;
  /** 32 lowercase hexadecimal characters. */
  id: Scalars['ID']['output'];
  /** True for the group every user belongs to: it cannot be deleted, and nobody leaves it. */
  isDefault: Scalars['Boolean']['output'];
  /** The group's members by username, by cursor (as usersConnection pages); for those who may read users. */
  members: UserConnection;
  /** The group's name, unique. */
  name: Scalars['String']['output'];
  /** When the group last changed. */
  updatedAt: Scalars['DateTime']['output'];
};


/** A set of users; its allowed workspaces are what its members may use. */
export type GroupMembersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** The gateway's liveness. */
export type Health = {
  __typename?: 'Health';
  /** Always "healthy" while the process runs. */
  status: Scalars['String']['output'];
  /** The server's time when it answered. */
  timestamp: Scalars['DateTime']['output'];
  /** The running build's version. */
  version: Scalars['String']['output'];
};

export { HelpAgentNotificationEvent };

/** An administrator's mail notifications. */
export type HelpAgentNotifications = {
  __typename?: 'HelpAgentNotifications';
  /** Whether the address was confirmed through the link mailed to it: until then, nothing else is sent to it. */
  confirmed: Scalars['Boolean']['output'];
  /** Whether mail to the address is still sent: false once it kept failing. */
  deliverable: Scalars['Boolean']['output'];
  /** The address notifications go to; null when none was given. */
  email?: Maybe<Scalars['String']['output']>;
  /** The events that mail them. */
  events: Array<HelpAgentNotificationEvent>;
  /** The administrator's user id. */
  id: Scalars['ID']['output'];
};

/**
 * A file on a help request or on one of its responses. Its bytes are served by `url` to whoever may see it, always as
 * a download.
 */
export type HelpAttachment = {
  __typename?: 'HelpAttachment';
  /** The content type its bytes show (sniffed on upload, never the one the uploader claimed). */
  contentType: Scalars['String']['output'];
  /** When it was uploaded. */
  createdAt: Scalars['DateTime']['output'];
  /** The file's name as uploaded, without any path, control characters or leading dots, at most 255 bytes. */
  filename: Scalars['String']['output'];
  /** The file's identifier. */
  id: Scalars['ID']['output'];
  /** Its size in bytes. */
  size: Scalars['Int']['output'];
  /** Who uploaded it; null once that account is deleted. */
  uploadedBy?: Maybe<User>;
  /** Where its bytes are served (`GET`, with the same credentials as the rest of the help desk). */
  url: Scalars['String']['output'];
};

/** A rule that runs on a timer over open requests, firing once per request while its conditions hold (administrators). */
export type HelpAutomation = {
  __typename?: 'HelpAutomation';
  /** What it does. */
  actions: Array<HelpRuleAction>;
  /** Whether it runs. */
  active: Scalars['Boolean']['output'];
  /** When it fires (CHANGED operators are refused: nothing changes on a timer). */
  conditions: HelpRuleConditions;
  /** The automation's id. */
  id: Scalars['ID']['output'];
  /** Its name, shown in the request's history when it fires. */
  name: Scalars['String']['output'];
  /** Its place in the order automations run in, from 1. */
  position: Scalars['Int']['output'];
};

export { HelpCategory };

/** How many help requests have one category. */
export type HelpCategoryCount = {
  __typename?: 'HelpCategoryCount';
  /** The category. */
  category: HelpCategory;
  /** How many requests have it. */
  count: Scalars['Int']['output'];
};

/** A person the help desk knows by mail address, with or without a platform account. */
export type HelpContact = {
  __typename?: 'HelpContact';
  /** Whether an administrator blocked the contact: a blocked contact is never mailed. */
  blocked: Scalars['Boolean']['output'];
  /** When the help desk first knew of the contact. */
  createdAt: Scalars['DateTime']['output'];
  /** Whether mail to the address is still sent: false once it kept failing, until an administrator resets it. */
  deliverable: Scalars['Boolean']['output'];
  /** The address, as first given. */
  email: Scalars['String']['output'];
  /** The contact's number. */
  id: Scalars['Int']['output'];
  /** The language tag mail to the contact is written in (en when unknown). */
  locale: Scalars['String']['output'];
  /** The name the contact goes by, if known. */
  name?: Maybe<Scalars['String']['output']>;
  /** The requests answered at this contact, newest first. */
  requests: Array<HelpRequest>;
  /** The platform account this contact is, when linked. */
  user?: Maybe<User>;
};


/** A person the help desk knows by mail address, with or without a platform account. */
export type HelpContactRequestsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of contacts, oldest first. */
export type HelpContactConnection = {
  __typename?: 'HelpContactConnection';
  /** The contacts on this page. */
  edges: Array<HelpContactEdge>;
  /** Where the page sits. */
  pageInfo: PageInfo;
  /** How many contacts match. */
  totalCount: Scalars['Int']['output'];
};

/** An edge of a contact list. */
export type HelpContactEdge = {
  __typename?: 'HelpContactEdge';
  /** Where this contact sits in the list. */
  cursor: Scalars['String']['output'];
  /** The contact. */
  node: HelpContact;
};

/** A received mail held until an administrator releases or discards it. */
export type HelpHeldMail = {
  __typename?: 'HelpHeldMail';
  /** Why it is held. */
  cause: HelpHeldMailCause;
  /** What the cause found, in words (the size, the address). */
  detail?: Maybe<Scalars['String']['output']>;
  /** Its sender's address, when it names one. */
  from?: Maybe<Scalars['String']['output']>;
  /** The received mail's identifier. */
  id: Scalars['ID']['output'];
  /** When the mailbox handed it over. */
  receivedAt: Scalars['DateTime']['output'];
  /** Its subject, when it was read. */
  subject?: Maybe<Scalars['String']['output']>;
};

export { HelpHeldMailCause };

/** A page of held mail, oldest first. */
export type HelpHeldMailConnection = {
  __typename?: 'HelpHeldMailConnection';
  /** The mails on this page. */
  edges: Array<HelpHeldMailEdge>;
  /** Where the page sits. */
  pageInfo: PageInfo;
  /** How many mails are held (with the cause given, of that cause). */
  totalCount: Scalars['Int']['output'];
};

/** One held mail in a list. */
export type HelpHeldMailEdge = {
  __typename?: 'HelpHeldMailEdge';
  /** Where the mail sits in the list. */
  cursor: Scalars['String']['output'];
  /** The mail. */
  node: HelpHeldMail;
};

export { HelpHistoryAction };

/** A named list of actions an administrator applies to one request. */
export type HelpMacro = {
  __typename?: 'HelpMacro';
  /** What it does. */
  actions: Array<HelpRuleAction>;
  /** The macro's id. */
  id: Scalars['ID']['output'];
  /** Its name. */
  name: Scalars['String']['output'];
};

/** A new macro, or what changes of one. */
export type HelpMacroInput = {
  /** What it does (at least one action; SEND_WEBHOOK is for triggers). */
  actions: Array<HelpRuleActionInput>;
  /** Its name (1 to 100 characters). */
  name: Scalars['String']['input'];
};

/** A mail the help desk sent, or tried to send, about a message. */
export type HelpMailDelivery = {
  __typename?: 'HelpMailDelivery';
  /** How many times sending it was tried. */
  attempts: Scalars['Int']['output'];
  /** When it was queued. */
  createdAt: Scalars['DateTime']['output'];
  /** The mail's identifier. */
  id: Scalars['ID']['output'];
  /** Why the last attempt did not deliver it, if it did not. */
  lastError?: Maybe<Scalars['String']['output']>;
  /** The address it went to. */
  recipient: Scalars['String']['output'];
  /** When it was sent, failed for good, or skipped. */
  settledAt?: Maybe<Scalars['DateTime']['output']>;
  /** How it went. */
  state: HelpMailDeliveryState;
};

export { HelpMailDeliveryState };

/** One message of a help request's thread. */
export type HelpMessage = {
  __typename?: 'HelpMessage';
  /** Files attached to it. */
  attachments: Array<HelpAttachment>;
  /** The account that wrote it; null for a contact without one, the system, or a deleted account. */
  author?: Maybe<User>;
  /** Who wrote it. */
  authorRole: HelpMessageAuthorRole;
  /** The new text: for mail, without quoted earlier mail and signature. */
  body: Scalars['String']['output'];
  /** How it reached the help desk. */
  channel: HelpMessageChannel;
  /** The contact that wrote it, for mail from a contact. */
  contact?: Maybe<HelpContact>;
  /** When it was written. */
  createdAt: Scalars['DateTime']['output'];
  /** The mails this message caused, and how each went (administrators only; null for anyone else). */
  deliveries?: Maybe<Array<HelpMailDelivery>>;
  /** The text as received (administrators only; null for anyone else). */
  fullBody?: Maybe<Scalars['String']['output']>;
  /** The message as sanitized HTML, when it came as HTML; null otherwise. */
  html?: Maybe<Scalars['String']['output']>;
  /** The message's identifier. */
  id: Scalars['ID']['output'];
  /** The request's number. */
  requestId: Scalars['Int']['output'];
  /** Who may read it. */
  visibility: HelpMessageVisibility;
};

export { HelpMessageAuthorRole };

export { HelpMessageChannel };

/** A page of a thread, oldest first. */
export type HelpMessageConnection = {
  __typename?: 'HelpMessageConnection';
  /** The messages on this page. */
  edges: Array<HelpMessageEdge>;
  /** Where the page sits. */
  pageInfo: PageInfo;
  /** How many messages of the thread the caller may read. */
  totalCount: Scalars['Int']['output'];
};

/** An edge of a thread. */
export type HelpMessageEdge = {
  __typename?: 'HelpMessageEdge';
  /** Where this message sits in the thread. */
  cursor: Scalars['String']['output'];
  /** The message. */
  node: HelpMessage;
};

export { HelpMessageVisibility };

/** Where a page of a numbered list sits. */
export type HelpPagination = {
  __typename?: 'HelpPagination';
  /** Whether a page follows. */
  hasNext: Scalars['Boolean']['output'];
  /** Whether a page precedes. */
  hasPrev: Scalars['Boolean']['output'];
  /** This page's number, from 1. */
  page: Scalars['Int']['output'];
  /** How many pages the list has. */
  pages: Scalars['Int']['output'];
  /** Requests per page. */
  perPage: Scalars['Int']['output'];
  /** How many requests match in all. */
  total: Scalars['Int']['output'];
};

export { HelpPriority };

/** How many help requests have one priority. */
export type HelpPriorityCount = {
  __typename?: 'HelpPriorityCount';
  /** How many requests have it. */
  count: Scalars['Int']['output'];
  /** The priority. */
  priority: HelpPriority;
};

/** A country's (or one of its regions') public holidays, from the date-holidays data, added to a schedule's holidays. */
export type HelpPublicHolidaysInput = {
  /** ISO 3166-1 alpha-2 country code, such as DE. */
  country: Scalars['String']['input'];
  /** The first year to take. */
  fromYear: Scalars['Int']['input'];
  /** The region's code within the country (ISO 3166-2 without the country), such as BY; left out, the whole country's. */
  region?: InputMaybe<Scalars['String']['input']>;
  /** The last year to take: at most 10 years from fromYear. */
  toYear: Scalars['Int']['input'];
};

/** What a released mail became. */
export type HelpReleasedMail = {
  __typename?: 'HelpReleasedMail';
  /** The cause it is held for again, past the one it was released from; null when it was not held. */
  heldFor?: Maybe<HelpHeldMailCause>;
  /** The received mail's identifier. */
  id: Scalars['ID']['output'];
  /** The request it filed, or landed on; null when it was held again, or was a bounce. */
  request?: Maybe<HelpRequest>;
};

/** What a reply did. */
export type HelpReplyResult = {
  __typename?: 'HelpReplyResult';
  /** The reply as added to the thread. */
  message: HelpMessage;
  /** The request the reply went to: the one replied on, or the follow-up filed when that one was closed. */
  request: HelpRequest;
};

/** A question or problem a user filed for the administrators. */
export type HelpRequest = {
  __typename?: 'HelpRequest';
  /** Administrators' internal notes; null for anyone else. */
  adminNotes?: Maybe<Scalars['String']['output']>;
  /**
   * The wildfire and earthquake risk of the request's area, scored as wildfireRisk and earthquakeRisk score it (from
   * the same cache and upstream quota): null without a ZIP code, or when the ZIP code cannot be placed. A source that
   * is unavailable shows in each score's dataStatus, as in those queries.
   */
  areaRisk?: Maybe<AreaRisk>;
  /** The id of the administrator it is assigned to; null when unassigned. */
  assignedToId?: Maybe<Scalars['ID']['output']>;
  /** The administrator it is assigned to; null when unassigned. */
  assignee?: Maybe<User>;
  /** Files attached to the request itself (a response's files are on the response). */
  attachments: Array<HelpAttachment>;
  /** What the request is about. */
  category: HelpCategory;
  /** Where the request is answered: the contact of a mailed request, or the one its contact_email names. */
  contact?: Maybe<HelpContact>;
  /** An address to answer at besides the requester's account; null when not given. */
  contactEmail?: Maybe<Scalars['String']['output']>;
  /** When the request was filed. */
  createdAt: Scalars['DateTime']['output'];
  /** The question or problem in full, 1 to 10,000 characters. */
  description: Scalars['String']['output'];
  /** The closed request this one follows up, when a reply to a closed request filed it. */
  followUpOf?: Maybe<HelpRequest>;
  /** What happened to the request, oldest first. The requester does not see internal entries (admin notes, private responses). */
  history: Array<HelpRequestHistoryEntry>;
  /** The request's number, as the REST routes know it. */
  id: Scalars['Int']['output'];
  /**
   * The request's thread, oldest first: the requester's replies, administrators' responses (AGENT messages) and the
   * system's notes. A requester sees the public messages only.
   */
  messages: HelpMessageConnection;
  /** How urgent it is. */
  priority: HelpPriority;
  /** The user who filed it; null once their account is deleted. */
  requester?: Maybe<User>;
  /** Null once the requester's account is deleted. */
  requesterId?: Maybe<Scalars['ID']['output']>;
  /** Administrators' answers, oldest first. The requester sees public ones only. */
  responses: Array<HelpResponse>;
  /** The requester's rating, once given; seen by administrators and the requester. */
  satisfaction?: Maybe<HelpSatisfaction>;
  /** Where the request stands against its priority's service-level targets; null for anyone but an administrator. */
  sla?: Maybe<HelpRequestSla>;
  /** Where the request stands. */
  status: HelpStatus;
  /** Administrators' labels (lower case, at most 10 of 30 characters); empty for anyone else. */
  tags: Array<Scalars['String']['output']>;
  /** A short summary, 1 to 200 characters. */
  title: Scalars['String']['output'];
  /** When the request last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** The five-digit US ZIP code of the area the request comes from, when the requester gave one. */
  zip?: Maybe<Scalars['String']['output']>;
};


/** A question or problem a user filed for the administrators. */
export type HelpRequestMessagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A change to a help request, as the subscriber may see it. */
export type HelpRequestChange = {
  __typename?: 'HelpRequestChange';
  /** When it changed. */
  at: Scalars['DateTime']['output'];
  /**
   * The legacy names of the fields that changed (title, description, status, priority, assigned_to_id, admin_notes).
   * A requester is not told of internal changes: admin notes, or a private response (of which they hear only a
   * status change, as an update).
   */
  fields: Array<Scalars['String']['output']>;
  /** How the request changed. */
  kind: HelpRequestChangeKind;
  /** The request as it stands now, read for the subscriber with the same rules as helpRequest(id). */
  request: HelpRequest;
  /** The request's number. */
  requestId: Scalars['Int']['output'];
};

export { HelpRequestChangeKind };

/**
 * Help requests by cursor, keyset-paged: a page costs about the same at any depth, and a request filed or removed
 * meanwhile neither shifts nor repeats the others.
 */
export type HelpRequestConnection = {
  __typename?: 'HelpRequestConnection';
  /** The requests of this page, in the order asked for. */
  edges: Array<HelpRequestEdge>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
  /** How many requests match the filters in all; read from the kept counts, and only when selected. */
  totalCount: Scalars['Int']['output'];
};

/** One help request in a page, with its cursor. */
export type HelpRequestEdge = {
  __typename?: 'HelpRequestEdge';
  /** Where this request sits in the list: give it as after or before to read on from here. */
  cursor: Scalars['String']['output'];
  /** The request. */
  node: HelpRequest;
};

/** One thing that happened to a help request. */
export type HelpRequestHistoryEntry = {
  __typename?: 'HelpRequestHistoryEntry';
  /** What happened. */
  action: HelpHistoryAction;
  /** The user who did it; null for the server itself or a deleted account. */
  actor?: Maybe<User>;
  /** The id of the user who did it; null for the server itself or a deleted account. */
  actorId?: Maybe<Scalars['ID']['output']>;
  /** When it happened. */
  createdAt: Scalars['DateTime']['output'];
  /** The legacy field name that changed (title, description, status, priority, assigned_to_id, admin_notes). */
  field?: Maybe<Scalars['String']['output']>;
  /** The entry's number. */
  id: Scalars['Int']['output'];
  /** The field's value after; null when it has none or the entry is not a change. */
  newValue?: Maybe<Scalars['String']['output']>;
  /** The field's value before; null when it had none or the entry is not a change. */
  oldValue?: Maybe<Scalars['String']['output']>;
};

/** One numbered page of help requests. */
export type HelpRequestPage = {
  __typename?: 'HelpRequestPage';
  /** Where this page sits. */
  pagination: HelpPagination;
  /** The requests of this page, in the order asked for. */
  requests: Array<HelpRequest>;
};

/**
 * A request's service levels. The clock runs while the request is open or in progress and stands still while it is
 * ON_HOLD, RESOLVED or CLOSED (reopening resumes it where it stopped). It counts calendar time, or the working time
 * of the schedule its priority's policy names (see helpSlaPolicies): then a pause subtracts only the working time
 * that passed during it. Due times are when what is left of each target runs out; while the clock stands still they
 * read as if it resumed where it stopped, and they move when it resumes. A priority change, or a change of the
 * policy or of its schedule, keeps the time used and counts what is left under the rules as they now stand.
 */
export type HelpRequestSla = {
  __typename?: 'HelpRequestSla';
  /** The first public response of an administrator: it meets the first-response target. */
  firstResponseAt?: Maybe<Scalars['DateTime']['output']>;
  /** The first-response target passed unmet (or was met late). Once breached, a request stays breached. */
  firstResponseBreached: Scalars['Boolean']['output'];
  /** When the first public response is due. */
  firstResponseDueAt: Scalars['DateTime']['output'];
  /** Minutes of the clock left of the priority's first-response target (0 once used up). */
  firstResponseMinutesLeft: Scalars['Int']['output'];
  /** Whole minutes of the clock (working minutes under a schedule) used until the first response, or so far. */
  firstResponseMinutesUsed: Scalars['Int']['output'];
  /** Whether the clock stands still now. */
  paused: Scalars['Boolean']['output'];
  /** Seconds the clock has stood still so far, the current pause included. */
  pausedSeconds: Scalars['Int']['output'];
  /** The resolution target passed unmet (or was met late). Once breached, a request stays breached. */
  resolutionBreached: Scalars['Boolean']['output'];
  /** When the resolution is due. */
  resolutionDueAt: Scalars['DateTime']['output'];
  /** Minutes of the clock left of the priority's resolution target (0 once used up). */
  resolutionMinutesLeft: Scalars['Int']['output'];
  /** Whole minutes of the clock (working minutes under a schedule) used until the resolution, or so far. */
  resolutionMinutesUsed: Scalars['Int']['output'];
  /** When the request was last resolved or closed (null again once reopened): it meets the resolution target. */
  resolvedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The schedule whose working time the clock counts; null when it counts calendar time. */
  schedule?: Maybe<HelpSchedule>;
};

export { HelpRequestSortField };

/** Counts of help requests. */
export type HelpRequestStatistics = {
  __typename?: 'HelpRequestStatistics';
  /** Every category, zeros included. */
  byCategory: Array<HelpCategoryCount>;
  /** Every priority, zeros included. */
  byPriority: Array<HelpPriorityCount>;
  /** Every status, zeros included. */
  byStatus: Array<HelpStatusCount>;
  /** Requests whose status is open. */
  open: Scalars['Int']['output'];
  /** How many requests there are. */
  total: Scalars['Int']['output'];
};

/** An administrator's answer to a help request. */
export type HelpResponse = {
  __typename?: 'HelpResponse';
  /** Files attached to this response. */
  attachments: Array<HelpAttachment>;
  /** When the answer was given. */
  createdAt: Scalars['DateTime']['output'];
  /** The response's number. */
  id: Scalars['Int']['output'];
  /** Whether the requester sees it; a private response is for administrators only. */
  isPublic: Scalars['Boolean']['output'];
  /** The status the request was moved to with this answer, if any. */
  newStatus?: Maybe<HelpStatus>;
  /** The number of the request answered. */
  requestId: Scalars['Int']['output'];
  /** The administrator who answered; null once their account is deleted. */
  responder?: Maybe<User>;
  /** The id of the administrator who answered; null once their account is deleted. */
  responderId?: Maybe<Scalars['ID']['output']>;
  /** The answer's text. */
  response: Scalars['String']['output'];
};

/** Counts of responses. */
export type HelpResponseStatistics = {
  __typename?: 'HelpResponseStatistics';
  /** Mean days from a request's creation to its first response, over requests that have one, to 2 decimals; 0 when none has. */
  avgResponseTimeDays: Scalars['Float']['output'];
  /** How many responses there are. */
  total: Scalars['Int']['output'];
};

/** One thing a rule does. */
export type HelpRuleAction = {
  __typename?: 'HelpRuleAction';
  /** What it does. */
  type: HelpRuleActionType;
  /** The status, priority, category, tags (comma-separated), assignee id, note text or template name; empty for SEND_WEBHOOK. */
  value: Scalars['String']['output'];
  /** The webhook SEND_WEBHOOK sends to; null for the other actions. */
  webhookId?: Maybe<Scalars['ID']['output']>;
};

/** An action as a rule is saved with it. */
export type HelpRuleActionInput = {
  /** What it does. */
  type: HelpRuleActionType;
  /** The status, priority, category, tags (comma-separated), assignee id, note text or template name. */
  value?: InputMaybe<Scalars['String']['input']>;
  /** The webhook, for SEND_WEBHOOK. */
  webhookId?: InputMaybe<Scalars['ID']['input']>;
};

export { HelpRuleActionType };

/** One test a rule makes of a help request. */
export type HelpRuleCondition = {
  __typename?: 'HelpRuleCondition';
  /** What it looks at. */
  field: HelpRuleConditionField;
  /** How it compares. */
  operator: HelpRuleConditionOperator;
  /** What it compares with, read as the field's type; empty for CHANGED. */
  value: Scalars['String']['output'];
};

export { HelpRuleConditionField };

/** A condition as a rule is saved with it. */
export type HelpRuleConditionInput = {
  /** What it looks at. */
  field: HelpRuleConditionField;
  /** How it compares. */
  operator: HelpRuleConditionOperator;
  /** What it compares with (omit for CHANGED). */
  value?: InputMaybe<Scalars['String']['input']>;
};

export { HelpRuleConditionOperator };

/** A rule's conditions: every one of all, and at least one of any when any lists some. */
export type HelpRuleConditions = {
  __typename?: 'HelpRuleConditions';
  /** Conditions that must all hold. */
  all: Array<HelpRuleCondition>;
  /** Conditions of which one must hold (none: no such demand). */
  any: Array<HelpRuleCondition>;
};

/** A rule's conditions as it is saved. */
export type HelpRuleConditionsInput = {
  /** Conditions that must all hold. */
  all?: InputMaybe<Array<HelpRuleConditionInput>>;
  /** Conditions of which one must hold. */
  any?: InputMaybe<Array<HelpRuleConditionInput>>;
};

export { HelpRuleEvent };

/** The requester's rating of a resolved or closed request. */
export type HelpSatisfaction = {
  __typename?: 'HelpSatisfaction';
  /** The requester's words; null without. */
  comment?: Maybe<Scalars['String']['output']>;
  /** When the request was first rated; the rating may be changed for 7 days from then. */
  ratedAt: Scalars['DateTime']['output'];
  /** 1 (poor) to 5 (excellent). */
  score: Scalars['Int']['output'];
  /** When the rating last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/**
 * A help desk's working hours (administrators): weekly intervals of wall-clock time in an IANA time zone, less
 * whole-day holidays. A policy that names the schedule counts its targets in this working time, exactly across
 * daylight-saving changes (a wall-clock time the clocks skip is not worked; one they repeat is worked twice).
 */
export type HelpSchedule = {
  __typename?: 'HelpSchedule';
  /** When it was created. */
  createdAt: Scalars['DateTime']['output'];
  /** Whole days off, by date. */
  holidays: Array<HelpScheduleHoliday>;
  /** The schedule's identifier. */
  id: Scalars['ID']['output'];
  /** The weekly working intervals, by day and start. */
  intervals: Array<HelpScheduleInterval>;
  /** Its unique name. */
  name: Scalars['String']['output'];
  /** The priorities whose policy counts in this schedule (a schedule in use cannot be deleted). */
  priorities: Array<HelpPriority>;
  /** The IANA time zone its intervals and holidays are in, such as Europe/Berlin. */
  timeZone: Scalars['String']['output'];
  /** When it last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

/** A whole day off in the schedule's zone. */
export type HelpScheduleHoliday = {
  __typename?: 'HelpScheduleHoliday';
  /** The date, YYYY-MM-DD. */
  date: Scalars['String']['output'];
  /** What the day is, such as Christmas Day. */
  name: Scalars['String']['output'];
};

/** A whole day off in the schedule's zone. */
export type HelpScheduleHolidayInput = {
  /** The date, YYYY-MM-DD. */
  date: Scalars['String']['input'];
  /** What the day is, 1 to 100 characters. */
  name: Scalars['String']['input'];
};

/** Working time on one day of the week, from start to end in the schedule's zone. */
export type HelpScheduleInterval = {
  __typename?: 'HelpScheduleInterval';
  /** The day of the week. */
  day: HelpWeekday;
  /** Wall-clock end, HH:MM after start (up to 24:00, the end of the day). */
  end: Scalars['String']['output'];
  /** Wall-clock start, HH:MM (00:00 to 23:59). */
  start: Scalars['String']['output'];
};

/**
 * Working time on one day of the week. An overnight shift is two intervals (Monday 22:00–24:00 and Tuesday
 * 00:00–06:00); a day's intervals must not overlap.
 */
export type HelpScheduleIntervalInput = {
  /** The day of the week. */
  day: HelpWeekday;
  /** Wall-clock end, HH:MM after start (up to 24:00). */
  end: Scalars['String']['input'];
  /** Wall-clock start, HH:MM (00:00 to 23:59). */
  start: Scalars['String']['input'];
};

/** What a search of the help desk found. */
export type HelpSearchResult = {
  __typename?: 'HelpSearchResult';
  /** The active FAQ entries that match, best match first (the question above the tags, the tags above the answer), then in display order. */
  faqs: Array<Faq>;
  /**
   * Only requests the caller may read: their own, every request for an administrator, none when anonymous. Best match
   * first (the title above the description), newest first among equal matches; ranked among the 100 newest matches.
   */
  helpRequests: Array<HelpRequest>;
};

/**
 * Service levels of all requests or of one priority, from kept counts. A breach rate is breached targets over
 * decided ones (met or breached), 0 when none is decided. Times are clock seconds (pauses left out) from filing to
 * the first public response, or to the latest resolution: working seconds of its schedule for a request whose
 * policy counted in one (see HelpRequestSla.schedule), calendar seconds otherwise; a percentile is the nearest-rank value (the ceil(p * n)-th
 * smallest) rounded up to the edge of its bucket: buckets are 5% wide, so a figure is at most 5% above the exact
 * value (under a minute, it reads 60; beyond about ten years, all times share the last bucket). Null when no
 * request has such a time.
 */
export type HelpServiceLevelStatistics = {
  __typename?: 'HelpServiceLevelStatistics';
  /** First-response targets breached over those decided, 0 to 1. */
  firstResponseBreachRate: Scalars['Float']['output'];
  /** The median time to the first public response, in seconds. */
  medianFirstResponseSeconds?: Maybe<Scalars['Int']['output']>;
  /** The median time to resolution, in seconds. */
  medianResolutionSeconds?: Maybe<Scalars['Int']['output']>;
  /** The 90th percentile of the time to the first public response, in seconds. */
  p90FirstResponseSeconds?: Maybe<Scalars['Int']['output']>;
  /** The 90th percentile of the time to resolution, in seconds. */
  p90ResolutionSeconds?: Maybe<Scalars['Int']['output']>;
  /** Null for the figures over all requests. */
  priority?: Maybe<HelpPriority>;
  /** Resolution targets breached over those decided, 0 to 1. */
  resolutionBreachRate: Scalars['Float']['output'];
  /** Mean score of the rated requests, to 2 decimals; null when none is rated. */
  satisfactionAverage?: Maybe<Scalars['Float']['output']>;
  /** How many requests are rated. */
  satisfactionCount: Scalars['Int']['output'];
  /** The 20 tags most used, most used first (ties by tag). */
  topTags: Array<HelpTagCount>;
};

/** A priority's service-level targets, in calendar time or in the working time of a schedule. */
export type HelpSlaPolicy = {
  __typename?: 'HelpSlaPolicy';
  /** Minutes from filing to the first public response of an administrator (working minutes under a schedule). */
  firstResponseMinutes: Scalars['Int']['output'];
  /** The priority these targets apply to. */
  priority: HelpPriority;
  /** Minutes from filing to resolution (working minutes under a schedule). */
  resolutionMinutes: Scalars['Int']['output'];
  /** The schedule whose working time the targets count; null for calendar time. */
  schedule?: Maybe<HelpSchedule>;
  /** When the targets last changed. */
  updatedAt: Scalars['DateTime']['output'];
};

export { HelpSortOrder };

/** The help desk's figures, for administrators. */
export type HelpStatistics = {
  __typename?: 'HelpStatistics';
  /** Counts of requests. */
  requests: HelpRequestStatistics;
  /** Counts and timing of responses. */
  responses: HelpResponseStatistics;
  /** Service levels, satisfaction and tags over all requests. */
  serviceLevels: HelpServiceLevelStatistics;
  /** The same for each priority, lowest first. */
  serviceLevelsByPriority: Array<HelpServiceLevelStatistics>;
};

export { HelpStatus };

/** How many help requests have one status. */
export type HelpStatusCount = {
  __typename?: 'HelpStatusCount';
  /** How many requests have it. */
  count: Scalars['Int']['output'];
  /** The status. */
  status: HelpStatus;
};

/** How many help requests carry one tag. */
export type HelpTagCount = {
  __typename?: 'HelpTagCount';
  /** Requests carrying the tag. */
  count: Scalars['Int']['output'];
  /** The tag. */
  tag: Scalars['String']['output'];
};

/** A rule that runs after the help desk's changes (administrators). */
export type HelpTrigger = {
  __typename?: 'HelpTrigger';
  /** What it does. */
  actions: Array<HelpRuleAction>;
  /** Whether it runs. */
  active: Scalars['Boolean']['output'];
  /** When it fires. */
  conditions: HelpRuleConditions;
  /** The events it runs on. */
  events: Array<HelpRuleEvent>;
  /** The trigger's id. */
  id: Scalars['ID']['output'];
  /** Its name, shown in the request's history when it fires. */
  name: Scalars['String']['output'];
  /** Its place in the order triggers run in, from 1. */
  position: Scalars['Int']['output'];
};

/** A receiver of the help desk's events, signed as Standard Webhooks specifies (administrators). */
export type HelpWebhook = {
  __typename?: 'HelpWebhook';
  /** Whether deliveries go out; a 410 answer or 5 days of failures turn it off. */
  active: Scalars['Boolean']['output'];
  /** When it was made. */
  createdAt: Scalars['DateTime']['output'];
  /** What it is for. */
  description?: Maybe<Scalars['String']['output']>;
  /** Why it was turned off, when it was. */
  disabledReason?: Maybe<Scalars['String']['output']>;
  /** Events not queued because it had too many deliveries waiting (the oldest are kept): the gap its receiver missed. */
  droppedEvents: Scalars['Int']['output'];
  /** When the first of those events was dropped; null when none was. */
  droppedSince?: Maybe<Scalars['DateTime']['output']>;
  /** The events it hears; none: only triggers' SEND_WEBHOOK actions send to it. */
  events: Array<HelpRuleEvent>;
  /** Since when its deliveries have failed without a success; null while it delivers. */
  failingSince?: Maybe<Scalars['DateTime']['output']>;
  /** The webhook's id. */
  id: Scalars['ID']['output'];
  /** Where deliveries go. */
  url: Scalars['String']['output'];
};

/** One event sent (or to be sent) to a webhook, with its attempts so far. */
export type HelpWebhookDelivery = {
  __typename?: 'HelpWebhookDelivery';
  /** Attempts made so far. */
  attempts: Scalars['Int']['output'];
  /** When it was queued. */
  createdAt: Scalars['DateTime']['output'];
  /** When the receiver accepted it. */
  deliveredAt?: Maybe<Scalars['DateTime']['output']>;
  /** The event type, such as help_request.replied. */
  eventType: Scalars['String']['output'];
  /** The delivery's id (redeliverHelpWebhook takes it). */
  id: Scalars['ID']['output'];
  /** What went wrong last, when something did. */
  lastError?: Maybe<Scalars['String']['output']>;
  /** The receiver's last HTTP status; null when it never answered. */
  lastStatus?: Maybe<Scalars['Int']['output']>;
  /** The message id receivers see in webhook-id; a redelivery keeps it, so a receiver can tell a repeat. */
  messageId: Scalars['String']['output'];
  /** When the next attempt is due, while pending. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** Where it stands. */
  state: HelpWebhookDeliveryState;
};

/** A page of a webhook's delivery log, newest first. */
export type HelpWebhookDeliveryConnection = {
  __typename?: 'HelpWebhookDeliveryConnection';
  /** The deliveries. */
  edges: Array<HelpWebhookDeliveryEdge>;
  /** Where the page sits. */
  pageInfo: PageInfo;
};

/** An edge of a webhook's delivery log. */
export type HelpWebhookDeliveryEdge = {
  __typename?: 'HelpWebhookDeliveryEdge';
  /** Where it sits in the log. */
  cursor: Scalars['String']['output'];
  /** The delivery. */
  node: HelpWebhookDelivery;
};

export { HelpWebhookDeliveryState };

/** A webhook with its secret: shown this once. */
export type HelpWebhookSecretPayload = {
  __typename?: 'HelpWebhookSecretPayload';
  /** The signing secret (whsec_…), for the receiver to verify deliveries; it is never shown again. */
  secret: Scalars['String']['output'];
  /** The webhook. */
  webhook: HelpWebhook;
};

export { HelpWeekday };

/** The entry points for changing data: each module extends the type with its own. */
export type Mutation = {
  __typename?: 'Mutation';
  /** Adds a file placed into every workspace. */
  addFileMapping: FileMapping;
  /**
   * Attaches uploaded files to a request: its requester on their own request, administrators on any. Each token
   * must be the caller's, unused and at most 60 minutes old; a request or response carries at most 10 files.
   */
  addHelpRequestAttachments: HelpRequest;
  /** Idempotent: adding a member twice is not an error. */
  addUserToGroup: User;
  /** Applies a macro's actions to one request, in one change (administrators); the request as it then stands. */
  applyHelpMacro: HelpRequest;
  /** Blocks a contact, or unblocks it with blocked: false (administrators): a blocked contact is never mailed. */
  blockHelpContact: HelpContact;
  /** Confirms a notification address with the one-time token its confirmation mail carried; false when the token is unknown, used or expired. */
  confirmHelpAgentAddress: Scalars['Boolean']['output'];
  /** Adds a FAQ entry (administrators). */
  createFaq: Faq;
  /** Creates a group. */
  createGroup: Group;
  /** Adds an automation at the end of the order (administrators). */
  createHelpAutomation: HelpAutomation;
  /** Adds a macro (administrators). */
  createHelpMacro: HelpMacro;
  /** Files a help request as the signed-in user. */
  createHelpRequest: HelpRequest;
  /** Creates a business-hours schedule (administrators). BAD_USER_INPUT names what is wrong with the input. */
  createHelpSchedule: HelpSchedule;
  /** Adds a trigger at the end of the order (administrators). BAD_USER_INPUT names what is wrong. */
  createHelpTrigger: HelpTrigger;
  /** Adds a webhook and makes its secret, shown this once (administrators). Needs WEBHOOK_SECRETS_KEY. */
  createHelpWebhook: HelpWebhookSecretPayload;
  /**
   * Creates a user in the default group. The username is prepared per RFC 8265; one that matches an existing name in
   * any letter case or width, or looks like one (the same UTS #39 skeleton), is BAD_USER_INPUT, as on the platform.
   */
  createUser: User;
  /** Deletes the entry for good (to hide it instead, set isActive to false). Returns true. */
  deleteFaq: Scalars['Boolean']['output'];
  /** Deletes a group (not the default one) and its memberships. Returns the deleted group's id. */
  deleteGroup: Scalars['ID']['output'];
  /** Deletes an automation for good (administrators). Returns true. */
  deleteHelpAutomation: Scalars['Boolean']['output'];
  /** Deletes a macro for good (administrators). Returns true. */
  deleteHelpMacro: Scalars['Boolean']['output'];
  /**
   * Deletes a request for good, with its responses and history (administrators): for spam or a request filed twice.
   * Returns true; NOT_FOUND when there is no such request.
   */
  deleteHelpRequest: Scalars['Boolean']['output'];
  /** Deletes a schedule (administrators); CONFLICT while a policy uses it. Returns true. */
  deleteHelpSchedule: Scalars['Boolean']['output'];
  /** Deletes a trigger for good (administrators). Returns true. */
  deleteHelpTrigger: Scalars['Boolean']['output'];
  /** Deletes a webhook and its delivery log (administrators). Returns true. */
  deleteHelpWebhook: Scalars['Boolean']['output'];
  /**
   * Deletes a user and their memberships; their help requests stay, without a requester.
   * Deleting an administrator needs force: true, and the last active administrator is never deleted.
   * Returns the deleted user's id.
   */
  deleteUser: Scalars['ID']['output'];
  /** Discards a held mail for good: its bytes are deleted, and a mailbox handing it over again adds nothing (administrators; audited). */
  discardHeldMail: Scalars['Boolean']['output'];
  /**
   * Imports a registry: a JSON list of entries with the registry's snake_case fields. All or nothing: one invalid
   * entry rejects the whole list. An entry whose name exists already is updated.
   */
  importWorkspaceRegistry: Array<WorkspaceRegistryEntry>;
  /** Installs an entry on this server; refused when its compatibility does not match PLATFORM_VERSION. */
  installWorkspace: Workspace;
  /** Links a contact to a platform account, or unlinks it with a null userId (administrators). */
  linkHelpContact: HelpContact;
  /** Exchanges a username and password for a bearer access token, opening a session the token names. */
  login: AuthPayload;
  /**
   * Signs out: ends the session the caller's token (or session cookie) names, so that token and every other token
   * of the session answer UNAUTHENTICATED from then on, on every replica, and its subscriptions end. False when the
   * token names no session (a token from an external issuer, which stays valid until it expires).
   */
  logout: Scalars['Boolean']['output'];
  /** Revokes every token the user holds. */
  logoutUser: User;
  /**
   * The requester rates their request, once it is resolved or closed: score 1 to 5, comment up to 2,000
   * characters. The rating may be changed for 7 days after it was first given; nobody else may rate.
   */
  rateHelpRequest: HelpRequest;
  /** Queues a delivery again, with the same message id and body, as a new delivery (administrators). */
  redeliverHelpWebhook: HelpWebhookDelivery;
  /** Processes a held mail as if it had just arrived, past the cause it was held for (administrators; audited). */
  releaseHeldMail: HelpReleasedMail;
  /** Returns the removed mapping's id. */
  removeFileMapping: Scalars['ID']['output'];
  /** Removes a file from a request or response, with its stored bytes (administrators; recorded in the request's history and in the trail of administrators' changes). */
  removeHelpAttachment: Scalars['Boolean']['output'];
  /** Idempotent; nobody leaves the default group. */
  removeUserFromGroup: User;
  /** Sets the order triggers run in: every trigger's id, once each (administrators). */
  reorderHelpTriggers: Array<HelpTrigger>;
  /**
   * The requester's reply on their own request (NOT_FOUND for anyone else's, as reading it is). A resolved or
   * on-hold request opens again; on a closed one the reply files a follow-up request (followUpOf), leaving the closed
   * one as it was.
   */
  replyToHelpRequest: HelpReplyResult;
  /** Administrators answer a request, optionally moving it to a new status. */
  respondToHelpRequest: HelpResponse;
  /**
   * Ends one of the caller's own open sessions (see mySessions). An id that is not one of them (unknown, ended, or
   * someone else's) is NOT_FOUND, the same answer in every case.
   */
  revokeSession: Scalars['Boolean']['output'];
  /** Makes a new secret, shown this once; the old one also signs for 24 hours (administrators). */
  rotateHelpWebhookSecret: HelpWebhookSecretPayload;
  /** Replaces the group's allowed workspaces with exactly these installed workspaces. */
  setGroupAllowedWorkspaces: Group;
  /** Uninstalls a workspace and withdraws it from every group. Returns its id. */
  uninstallWorkspace: Scalars['ID']['output'];
  /** Changes only the fields given (administrators). */
  updateFaq: Faq;
  /** Changes only the fields sent. */
  updateFileMapping: FileMapping;
  /** Changes only the fields sent. */
  updateGroup: Group;
  /**
   * Sets the caller's mail notifications (administrators). A new address is mailed a one-time confirmation link
   * first, and nothing else until it is confirmed.
   */
  updateHelpAgentNotifications: HelpAgentNotifications;
  /** Changes only the fields given (administrators). */
  updateHelpAutomation: HelpAutomation;
  /** Corrects a contact's name or locale, or resets an address that kept failing (administrators). */
  updateHelpContact: HelpContact;
  /** Replaces a macro's name and actions (administrators). */
  updateHelpMacro: HelpMacro;
  /** Changes only the fields given; see UpdateHelpRequestInput for who may change what. */
  updateHelpRequest: HelpRequest;
  /**
   * Changes a schedule (administrators). When its hours, zone or holidays change, every open request whose policy
   * counts in it is recounted at once, as updateHelpSlaPolicy does.
   */
  updateHelpSchedule: HelpSchedule;
  /**
   * Changes a priority's targets or schedule (administrators). Every open request of that priority is recounted at
   * once: the time it has used stays used, what is left is counted under the new policy; recorded breaches stay.
   */
  updateHelpSlaPolicy: HelpSlaPolicy;
  /** Changes only the fields given (administrators). */
  updateHelpTrigger: HelpTrigger;
  /** Changes only the fields sent, all or nothing. */
  updateUser: User;
  /**
   * Changes a user's attributes, only the fields sent, all or nothing. A user may change their own; others' need an
   * administrator or an API key with users:modify (and users:modify-admin for an administrator's).
   */
  updateUserAttributes: UserAttributes;
  /** Changes only the settings sent, all or nothing. */
  updateWorkspaceSettings: WorkspaceSettings;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationAddFileMappingArgs = {
  input: FileMappingInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationAddHelpRequestAttachmentsArgs = {
  id: Scalars['Int']['input'];
  tokens: Array<Scalars['String']['input']>;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationAddUserToGroupArgs = {
  groupId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationApplyHelpMacroArgs = {
  macroId: Scalars['ID']['input'];
  requestId: Scalars['Int']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationBlockHelpContactArgs = {
  blocked?: InputMaybe<Scalars['Boolean']['input']>;
  id: Scalars['Int']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationConfirmHelpAgentAddressArgs = {
  token: Scalars['String']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateFaqArgs = {
  input: CreateFaqInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateGroupArgs = {
  input: CreateGroupInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateHelpAutomationArgs = {
  input: CreateHelpAutomationInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateHelpMacroArgs = {
  input: HelpMacroInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateHelpRequestArgs = {
  input: CreateHelpRequestInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateHelpScheduleArgs = {
  input: CreateHelpScheduleInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateHelpTriggerArgs = {
  input: CreateHelpTriggerInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateHelpWebhookArgs = {
  input: CreateHelpWebhookInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationCreateUserArgs = {
  input: CreateUserInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteFaqArgs = {
  id: Scalars['Int']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteGroupArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteHelpAutomationArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteHelpMacroArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteHelpRequestArgs = {
  id: Scalars['Int']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteHelpScheduleArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteHelpTriggerArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteHelpWebhookArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDeleteUserArgs = {
  force?: InputMaybe<Scalars['Boolean']['input']>;
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationDiscardHeldMailArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationImportWorkspaceRegistryArgs = {
  entries: Scalars['JSON']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationInstallWorkspaceArgs = {
  entryId: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationLinkHelpContactArgs = {
  id: Scalars['Int']['input'];
  userId?: InputMaybe<Scalars['ID']['input']>;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationLoginArgs = {
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationLogoutUserArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRateHelpRequestArgs = {
  comment?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['Int']['input'];
  score: Scalars['Int']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRedeliverHelpWebhookArgs = {
  deliveryId: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationReleaseHeldMailArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRemoveFileMappingArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRemoveHelpAttachmentArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRemoveUserFromGroupArgs = {
  groupId: Scalars['ID']['input'];
  userId: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationReorderHelpTriggersArgs = {
  ids: Array<Scalars['ID']['input']>;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationReplyToHelpRequestArgs = {
  id: Scalars['Int']['input'];
  input: ReplyToHelpRequestInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRespondToHelpRequestArgs = {
  id: Scalars['Int']['input'];
  input: RespondToHelpRequestInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRevokeSessionArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationRotateHelpWebhookSecretArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationSetGroupAllowedWorkspacesArgs = {
  groupId: Scalars['ID']['input'];
  workspaceIds: Array<Scalars['ID']['input']>;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUninstallWorkspaceArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateFaqArgs = {
  id: Scalars['Int']['input'];
  input: UpdateFaqInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateFileMappingArgs = {
  id: Scalars['ID']['input'];
  input: UpdateFileMappingInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateGroupArgs = {
  id: Scalars['ID']['input'];
  input: UpdateGroupInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpAgentNotificationsArgs = {
  input: UpdateHelpAgentNotificationsInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpAutomationArgs = {
  id: Scalars['ID']['input'];
  input: UpdateHelpAutomationInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpContactArgs = {
  id: Scalars['Int']['input'];
  input: UpdateHelpContactInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpMacroArgs = {
  id: Scalars['ID']['input'];
  input: HelpMacroInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpRequestArgs = {
  id: Scalars['Int']['input'];
  input: UpdateHelpRequestInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpScheduleArgs = {
  id: Scalars['ID']['input'];
  input: UpdateHelpScheduleInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpSlaPolicyArgs = {
  input: UpdateHelpSlaPolicyInput;
  priority: HelpPriority;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateHelpTriggerArgs = {
  id: Scalars['ID']['input'];
  input: UpdateHelpTriggerInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateUserArgs = {
  id: Scalars['ID']['input'];
  input: UpdateUserInput;
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateUserAttributesArgs = {
  input: UserAttributesInput;
  userId: Scalars['ID']['input'];
};


/** The entry points for changing data: each module extends the type with its own. */
export type MutationUpdateWorkspaceSettingsArgs = {
  input: WorkspaceSettingsInput;
};

/**
 * Where a page of a cursor connection sits in its list (the Relay connection spec). Cursors are opaque and belong to
 * the list, filters and sort they were read with: one from elsewhere, or altered, is BAD_USER_INPUT.
 */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** The last edge's cursor; null on an empty page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** Paging forward: whether rows follow this page. Paging backward: whether a cursor (before) was given. */
  hasNextPage: Scalars['Boolean']['output'];
  /** Paging backward: whether rows precede this page. Paging forward: whether a cursor (after) was given. */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** The first edge's cursor; null on an empty page. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type Query = {
  __typename?: 'Query';
  /**
   * The audit trail, newest first, keyset-paged (first, after): one event per privileged change, for administrator
   * users only. Filters combine. No API changes or deletes an event; AUDIT_RETENTION_DAYS prunes old ones.
   */
  auditEvents: AuditEventConnection;
  /** Earthquake risk for a 5-digit US ZIP code. Public. */
  earthquakeRisk: EarthquakeRisk;
  /** Active FAQ entries grouped by category; search matches question, answer and tags, case-insensitively. Public. */
  faqs: FaqList;
  /** One group by id; null when there is no such group. */
  group?: Maybe<Group>;
  /** Every group, the default group first. */
  groups: Array<Group>;
  /** Liveness of the gateway: always answers while the process runs. */
  health: Health;
  /** The caller's own mail notifications (administrators). */
  helpAgentNotifications: HelpAgentNotifications;
  /** Every automation, in the order they run (administrators). */
  helpAutomations: Array<HelpAutomation>;
  /** The help desk's contacts, oldest first (administrators). */
  helpContacts: HelpContactConnection;
  /** Received mail held with its cause, oldest first (administrators). */
  helpHeldMail: HelpHeldMailConnection;
  /** Every macro, by name (administrators). */
  helpMacros: Array<HelpMacro>;
  /** One help request; NOT_FOUND when it does not exist or is someone else's. */
  helpRequest: HelpRequest;
  /** Help requests: a user's own, or every request for an administrator. perPage is 1 to 100, page at least 1. */
  helpRequests: HelpRequestPage;
  /**
   * Help requests by cursor, with the same visibility, filters and sorts as helpRequests: first (1 to 100, 20 when
   * neither first nor last is given) after a cursor, or last before one; first and last together are BAD_USER_INPUT.
   */
  helpRequestsConnection: HelpRequestConnection;
  /** The business-hours schedules, by name (administrators). */
  helpSchedules: Array<HelpSchedule>;
  /** FAQ entries and readable help requests matching q, at most 50 of each, best match first. Public. */
  helpSearch: HelpSearchResult;
  /** Each priority's service-level targets, lowest priority first (administrators). */
  helpSlaPolicies: Array<HelpSlaPolicy>;
  /** Counts and response times (administrators). */
  helpStatistics: HelpStatistics;
  /** Every trigger, in the order they run (administrators). */
  helpTriggers: Array<HelpTrigger>;
  /** A webhook's delivery log, newest first (administrators). */
  helpWebhookDeliveries: HelpWebhookDeliveryConnection;
  /** Every webhook, oldest first (administrators). Secrets are never shown here. */
  helpWebhooks: Array<HelpWebhook>;
  /** The signed-in user. */
  me: User;
  /**
   * The caller's open sign-in sessions, most recently seen first: each password sign-in (REST or GraphQL, bearer
   * token or session cookie) opens one. Signed-in users only; never a token.
   */
  mySessions: Array<Session>;
  /** The installed workspaces the caller's groups allow, by friendly name. */
  myWorkspaces: Array<Workspace>;
  /** One user by id or by username (exactly one of them); null when there is no such user. */
  user?: Maybe<User>;
  /** Users ordered by username; limit 1-500. */
  users: UserPage;
  /**
   * Users ordered by username, by cursor: first (1 to 100, 20 when neither first nor last is given) after a cursor,
   * or last before one; first and last together are BAD_USER_INPUT.
   */
  usersConnection: UserConnection;
  /** True when the caller's API key (or administrator token) is valid: the platform helper's key check. */
  validateCredentials: Scalars['Boolean']['output'];
  /** Wildfire risk for a 5-digit US ZIP code. Public. */
  wildfireRisk: WildfireRisk;
  /** The imported registry, by friendly name; optionally one category, or only entries compatible with this server. */
  workspaceRegistry: Array<WorkspaceRegistryEntry>;
  /** How the server runs workspaces. */
  workspaceSettings: WorkspaceSettings;
  /** Installed workspaces, by friendly name (the platform's images). */
  workspaces: Array<Workspace>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryAuditEventsArgs = {
  action?: InputMaybe<AuditAction>;
  actorId?: InputMaybe<Scalars['ID']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
  targetId?: InputMaybe<Scalars['ID']['input']>;
  until?: InputMaybe<Scalars['DateTime']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryEarthquakeRiskArgs = {
  zip: Scalars['String']['input'];
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryFaqsArgs = {
  category?: InputMaybe<HelpCategory>;
  search?: InputMaybe<Scalars['String']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryGroupArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryHelpContactsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryHelpHeldMailArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  cause?: InputMaybe<HelpHeldMailCause>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryHelpRequestArgs = {
  id: Scalars['Int']['input'];
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryHelpRequestsArgs = {
  category?: InputMaybe<HelpCategory>;
  page?: InputMaybe<Scalars['Int']['input']>;
  perPage?: InputMaybe<Scalars['Int']['input']>;
  priority?: InputMaybe<HelpPriority>;
  slaBreached?: InputMaybe<Scalars['Boolean']['input']>;
  sortBy?: InputMaybe<HelpRequestSortField>;
  sortOrder?: InputMaybe<HelpSortOrder>;
  status?: InputMaybe<HelpStatus>;
  tag?: InputMaybe<Scalars['String']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryHelpRequestsConnectionArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  category?: InputMaybe<HelpCategory>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  priority?: InputMaybe<HelpPriority>;
  slaBreached?: InputMaybe<Scalars['Boolean']['input']>;
  sortBy?: InputMaybe<HelpRequestSortField>;
  sortOrder?: InputMaybe<HelpSortOrder>;
  status?: InputMaybe<HelpStatus>;
  tag?: InputMaybe<Scalars['String']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryHelpSearchArgs = {
  q: Scalars['String']['input'];
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryHelpWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  webhookId: Scalars['ID']['input'];
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryUserArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
  username?: InputMaybe<Scalars['String']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryUsersArgs = {
  filter?: InputMaybe<UserFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryUsersConnectionArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<UserFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryWildfireRiskArgs = {
  zip: Scalars['String']['input'];
};


/** The entry points for reading: the gateway's own fields here; each module extends the type with its own. */
export type QueryWorkspaceRegistryArgs = {
  category?: InputMaybe<Scalars['String']['input']>;
  compatibleOnly?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A requester's reply on their own request. */
export type ReplyToHelpRequestInput = {
  /** Tokens from `POST /api/help/uploads` (at most 10): their files are attached to the reply. */
  attachmentTokens?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The reply's text, 1-10,000 characters. */
  body: Scalars['String']['input'];
};

/** An administrator's answer to a help request. */
export type RespondToHelpRequestInput = {
  /** Tokens from `POST /api/help/uploads` (at most 10): their files are attached to the response. */
  attachmentTokens?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Defaults to true; a private response is seen by administrators only. */
  isPublic?: InputMaybe<Scalars['Boolean']['input']>;
  /** The status to move the request to with the answer; none leaves it. */
  newStatus?: InputMaybe<HelpStatus>;
  /** The answer's text. */
  response: Scalars['String']['input'];
};

export { RiskLevel };

export { Role };

/** A sign-in session, as its owner sees it. */
export type Session = {
  __typename?: 'Session';
  /** When the session was opened by signing in. */
  createdAt: Scalars['DateTime']['output'];
  /** True for the session the request itself belongs to. */
  current: Scalars['Boolean']['output'];
  /** When its tokens expire. */
  expiresAt: Scalars['DateTime']['output'];
  /** 32 lowercase hexadecimal characters. */
  id: Scalars['ID']['output'];
  /** When a request last came with one of its tokens, to the minute. */
  lastSeenAt: Scalars['DateTime']['output'];
  /** The User-Agent of the client that signed in, as it sent it (at most 512 characters). */
  userAgent?: Maybe<Scalars['String']['output']>;
};

/**
 * The entry points for live updates. Subscriptions are served over WebSocket (graphql-ws protocol,
 * graphql-transport-ws) at /graphql, authenticated by an Authorization entry in connectionParams, in the same formats
 * as the HTTP header; each module extends the type with its own.
 */
export type Subscription = {
  __typename?: 'Subscription';
  /**
   * Changes to help requests: a user hears of their own requests, an administrator of every request. With id,
   * of that request only (NOT_FOUND when it does not exist or is someone else's).
   */
  helpRequestChanged: HelpRequestChange;
};


/**
 * The entry points for live updates. Subscriptions are served over WebSocket (graphql-ws protocol,
 * graphql-transport-ws) at /graphql, authenticated by an Authorization entry in connectionParams, in the same formats
 * as the HTTP header; each module extends the type with its own.
 */
export type SubscriptionHelpRequestChangedArgs = {
  id?: InputMaybe<Scalars['Int']['input']>;
};

export { Theme };

/** Changes to a FAQ entry; only the fields given change. */
export type UpdateFaqInput = {
  /** The answer. */
  answer?: InputMaybe<Scalars['String']['input']>;
  /** What the question is about. */
  category?: InputMaybe<HelpCategory>;
  /** Where it stands among its category's entries. */
  displayOrder?: InputMaybe<Scalars['Int']['input']>;
  /** Whether it is shown. */
  isActive?: InputMaybe<Scalars['Boolean']['input']>;
  /** The question. */
  question?: InputMaybe<Scalars['String']['input']>;
  /** Words to find it by; replaces the tags. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Only the fields sent change. */
export type UpdateFileMappingInput = {
  /** What the file is for. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** An absolute path inside the workspace. */
  destinationPath?: InputMaybe<Scalars['String']['input']>;
  /** Whether the file is made executable. */
  executable?: InputMaybe<Scalars['Boolean']['input']>;
  /** The mapping's name. */
  name?: InputMaybe<Scalars['String']['input']>;
};

/** Only the fields sent change. */
export type UpdateGroupInput = {
  /** What the group is for; null clears it. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** A new name, unique. */
  name?: InputMaybe<Scalars['String']['input']>;
};

/** What an administrator asks to be mailed about, and where. */
export type UpdateHelpAgentNotificationsInput = {
  /** The address (a new one must be confirmed again through the link mailed to it); null stops all mail. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** The events that mail them. */
  events: Array<HelpAgentNotificationEvent>;
};

/** What changes of an automation: only the fields given. */
export type UpdateHelpAutomationInput = {
  /** What it does. */
  actions?: InputMaybe<Array<HelpRuleActionInput>>;
  /** Whether it runs. */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** When it fires. */
  conditions?: InputMaybe<HelpRuleConditionsInput>;
  /** Its name. */
  name?: InputMaybe<Scalars['String']['input']>;
};

/** What an administrator changes of a contact; fields left out stay as they are. */
export type UpdateHelpContactInput = {
  /** true: mail the address again after it kept failing (false is refused: failures mark it). */
  deliverable?: InputMaybe<Scalars['Boolean']['input']>;
  /** The language tag mail is written in (en, pt-BR, ...). */
  locale?: InputMaybe<Scalars['String']['input']>;
  /** The name the contact goes by (empty: none). */
  name?: InputMaybe<Scalars['String']['input']>;
};

/**
 * Only the fields given change. A requester may change title and description until the request is resolved
 * or closed; status, priority, assignedToId and adminNotes are for administrators. Null clears assignedToId, adminNotes or zip.
 */
export type UpdateHelpRequestInput = {
  /** Notes for administrators only (administrators). */
  adminNotes?: InputMaybe<Scalars['String']['input']>;
  /** An administrator's user id. */
  assignedToId?: InputMaybe<Scalars['ID']['input']>;
  /** 1 to 10,000 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** The new priority (administrators); the due times are recomputed. */
  priority?: InputMaybe<HelpPriority>;
  /** The new status (administrators). */
  status?: InputMaybe<HelpStatus>;
  /** Replaces the tags (administrators): trimmed, lower-cased, duplicates dropped; at most 10 of 30 characters each. */
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  /** 1 to 200 characters. */
  title?: InputMaybe<Scalars['String']['input']>;
  /** A five-digit US ZIP code, changed by the requester or an administrator. */
  zip?: InputMaybe<Scalars['String']['input']>;
};

/** Changes to a schedule; what is left out stays as it is. */
export type UpdateHelpScheduleInput = {
  /** Replaces the holidays. */
  holidays?: InputMaybe<Array<HelpScheduleHolidayInput>>;
  /** Replaces the weekly intervals. */
  intervals?: InputMaybe<Array<HelpScheduleIntervalInput>>;
  /** A unique name, 1 to 100 characters. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Public holidays to add to the holidays. */
  publicHolidays?: InputMaybe<HelpPublicHolidaysInput>;
  /** An IANA time zone. */
  timeZone?: InputMaybe<Scalars['String']['input']>;
};

/** A priority's new targets; only the fields given change. */
export type UpdateHelpSlaPolicyInput = {
  /** 1 minute to 365 days, and at most resolutionMinutes. */
  firstResponseMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** 1 minute to 365 days. */
  resolutionMinutes?: InputMaybe<Scalars['Int']['input']>;
  /** A schedule whose working time the targets count, or null for calendar time; left out, unchanged. */
  scheduleId?: InputMaybe<Scalars['ID']['input']>;
};

/** What changes of a trigger: only the fields given. */
export type UpdateHelpTriggerInput = {
  /** What it does. */
  actions?: InputMaybe<Array<HelpRuleActionInput>>;
  /** Whether it runs. */
  active?: InputMaybe<Scalars['Boolean']['input']>;
  /** When it fires. */
  conditions?: InputMaybe<HelpRuleConditionsInput>;
  /** The events it runs on. */
  events?: InputMaybe<Array<HelpRuleEvent>>;
  /** Its name. */
  name?: InputMaybe<Scalars['String']['input']>;
};

/** Only the fields sent change; null clears the optional text fields. */
export type UpdateUserInput = {
  /** Disabling takes effect at once: the user's tokens stop working. */
  disabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** The given name. */
  firstName?: InputMaybe<Scalars['String']['input']>;
  /** The family name. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Locking takes effect at once: the user's tokens stop working. */
  locked?: InputMaybe<Scalars['Boolean']['input']>;
  /** The user's organisation. */
  organization?: InputMaybe<Scalars['String']['input']>;
  /** A new password; the user's tokens stop working. */
  password?: InputMaybe<Scalars['String']['input']>;
  /** A phone number: digits separated by single hyphens. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Only an administrator user may change a role, and never their own. */
  role?: InputMaybe<Role>;
  /** A new login name, prepared per RFC 8265. */
  username?: InputMaybe<Scalars['String']['input']>;
};

/** A person who can sign in: a workspace-platform user, a help-request requester or an administrator. */
export type User = {
  __typename?: 'User';
  /** The user's preferences on the workspace platform: for the person themselves, administrators and API keys with users:view. */
  attributes: UserAttributes;
  /** When the account was created. */
  createdAt: Scalars['DateTime']['output'];
  /** A disabled account cannot sign in, and its tokens stop working. */
  disabled: Scalars['Boolean']['output'];
  /** The given name; null when not given. */
  firstName?: Maybe<Scalars['String']['output']>;
  /** The groups the user belongs to, by name; the default group is always among them. */
  groups: Array<Group>;
  /**
   * The user's help requests, newest first, by cursor (as helpRequestsConnection pages): a user sees their own,
   * an administrator anyone's. Anyone else, an API key included, sees an empty connection rather than an error.
   * sortBy and sortOrder as helpRequestsConnection takes them; slaBreached and the due-time sorts are administrators'.
   */
  helpRequests: HelpRequestConnection;
  /** 32 lowercase hexadecimal characters. */
  id: Scalars['ID']['output'];
  /** The family name; null when not given. */
  lastName?: Maybe<Scalars['String']['output']>;
  /** When the user last signed in; null when never. */
  lastSession?: Maybe<Scalars['DateTime']['output']>;
  /** A locked account cannot sign in, and its tokens stop working. */
  locked: Scalars['Boolean']['output'];
  /** The user's organisation; null when not given. */
  organization?: Maybe<Scalars['String']['output']>;
  /** Digits separated by single hyphens. */
  phone?: Maybe<Scalars['String']['output']>;
  /** What the user may do. */
  role: Role;
  /** When the account last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** The login name, unique in any letter case or width. */
  username: Scalars['String']['output'];
};


/** A person who can sign in: a workspace-platform user, a help-request requester or an administrator. */
export type UserHelpRequestsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  category?: InputMaybe<HelpCategory>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  priority?: InputMaybe<HelpPriority>;
  slaBreached?: InputMaybe<Scalars['Boolean']['input']>;
  sortBy?: InputMaybe<HelpRequestSortField>;
  sortOrder?: InputMaybe<HelpSortOrder>;
  status?: InputMaybe<HelpStatus>;
};

/** A user's preferences on the workspace platform; a user who never changed one has the defaults shown. */
export type UserAttributes = {
  __typename?: 'UserAttributes';
  /** Default false. */
  autoLoginKasm: Scalars['Boolean']['output'];
  /** The installed workspace to start by default; uninstalling it clears this. */
  defaultImage?: Maybe<Workspace>;
  /** A BCP 47 language tag, in canonical form; null when not chosen. */
  preferredLanguage?: Maybe<Scalars['String']['output']>;
  /** An IANA time zone; null when not chosen. */
  preferredTimezone?: Maybe<Scalars['String']['output']>;
  /** Default true. */
  showTips: Scalars['Boolean']['output'];
  /** One OpenSSH public key line; null when none is set. */
  sshPublicKey?: Maybe<Scalars['String']['output']>;
  /** Default LIGHT. */
  theme: Theme;
  /** Default true. */
  toggleControlPanel: Scalars['Boolean']['output'];
  /** The id of the user these preferences belong to. */
  userId: Scalars['ID']['output'];
};

/** Only the fields sent change; null clears sshPublicKey, preferredLanguage, preferredTimezone and defaultImageId. */
export type UserAttributesInput = {
  /** Whether the default workspace starts on sign-in. */
  autoLoginKasm?: InputMaybe<Scalars['Boolean']['input']>;
  /** The id of an installed workspace. */
  defaultImageId?: InputMaybe<Scalars['ID']['input']>;
  /** A BCP 47 language tag, such as en-US. */
  preferredLanguage?: InputMaybe<Scalars['String']['input']>;
  /** An IANA time zone, such as Europe/Berlin. */
  preferredTimezone?: InputMaybe<Scalars['String']['input']>;
  /** Whether the platform shows tips. */
  showTips?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * One OpenSSH public key line, "<type> <base64> [comment]", at most 16 KiB, of type ssh-ed25519, ssh-rsa,
   * ecdsa-sha2-nistp256/384/521, sk-ssh-ed25519@openssh.com or sk-ecdsa-sha2-nistp256@openssh.com.
   */
  sshPublicKey?: InputMaybe<Scalars['String']['input']>;
  /** The colour scheme. */
  theme?: InputMaybe<Theme>;
  /** Whether the control panel toggle is shown. */
  toggleControlPanel?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Users by username, by cursor, keyset-paged: a user added or removed meanwhile neither shifts nor repeats the others. */
export type UserConnection = {
  __typename?: 'UserConnection';
  /** The users of this page, by username. */
  edges: Array<UserEdge>;
  /** Where this page sits in the list. */
  pageInfo: PageInfo;
  /** How many users match in all; counted only when selected. */
  totalCount: Scalars['Int']['output'];
};

/** One user in a page, with its cursor. */
export type UserEdge = {
  __typename?: 'UserEdge';
  /** Where this user sits in the list: give it as after or before to read on from here. */
  cursor: Scalars['String']['output'];
  /** The user. */
  node: User;
};

/** Which users to list; the filters combine. */
export type UserFilter = {
  /** Only disabled (true) or enabled (false) users. */
  disabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only members of this group. */
  groupId?: InputMaybe<Scalars['ID']['input']>;
  /** Only locked (true) or unlocked (false) users. */
  locked?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only users with this role. */
  role?: InputMaybe<Role>;
  /** Part of the username, first name or last name, in any letter case. */
  search?: InputMaybe<Scalars['String']['input']>;
};

/** One page of users and how many match in all. */
export type UserPage = {
  __typename?: 'UserPage';
  /** A usersConnection cursor (same filter) after this page's last user, to read on by keyset; null for an empty page. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** How many users match the filter in all. */
  total: Scalars['Int']['output'];
  /** The users of this page, by username. */
  users: Array<User>;
};

/** Points of each part of the wildfire score. */
export type WildfireComponents = {
  __typename?: 'WildfireComponents';
  /** 0-40: recent fire detections, seasonally adjusted. */
  fireActivity: Scalars['Int']['output'];
  /** 0-30: vegetation by region. */
  vegetation: Scalars['Int']['output'];
  /** 0-30: weather by region and month. */
  weather: Scalars['Int']['output'];
};

/** Where the wildfire score's fire data came from. */
export type WildfireDataStatus = {
  __typename?: 'WildfireDataStatus';
  /** The fire detection service's part of the answer. */
  fire: DataStatus;
};

/** The wildfire risk of a ZIP code's area, scored 0-100 from recent fires, vegetation and weather. */
export type WildfireRisk = {
  __typename?: 'WildfireRisk';
  /** The points of each part of the score. */
  components: WildfireComponents;
  /** The centre of the ZIP code's area. */
  coordinates: Coordinates;
  /** Where each part's data came from. */
  dataStatus: WildfireDataStatus;
  /** When the score was computed. */
  lastUpdated: Scalars['DateTime']['output'];
  /** Fire detections within about 50 km over the last 5 days; null when the fire service was unavailable. */
  recentFires?: Maybe<Scalars['Int']['output']>;
  /** The band of riskScore. */
  riskLevel: RiskLevel;
  /** 0-100. */
  riskScore: Scalars['Int']['output'];
  /** The vegetation part's band, by region. */
  vegetationRisk: RiskLevel;
  /** The weather part's band, by region and month. */
  weatherRisk: RiskLevel;
  /** The five-digit ZIP code asked about. */
  zipCode: Scalars['String']['output'];
};

/** A registry entry installed on this server. */
export type Workspace = {
  __typename?: 'Workspace';
  /** The groups whose members may use it, by name (administrators, and API keys with registry, images:view or groups:view). */
  allowedGroups: Array<Group>;
  /** CPU cores it runs with: the workspace settings' agent CPU cores override (2 unless changed). */
  cores: Scalars['Int']['output'];
  /** The registry entry it was installed from. */
  entry: WorkspaceRegistryEntry;
  /** The name people read. */
  friendlyName: Scalars['String']['output'];
  /** The installed workspace's id. */
  id: Scalars['ID']['output'];
  /** When it was installed. */
  installedAt: Scalars['DateTime']['output'];
  /** Memory in bytes it runs with: the workspace settings' agent memory override (4,100,000,000 unless changed). */
  memory: Scalars['BigInt']['output'];
  /** The entry's name, <namespace>/<repository>:<tag>. */
  name: Scalars['String']['output'];
};

/** A command run in the workspace. */
export type WorkspaceExecAction = {
  __typename?: 'WorkspaceExecAction';
  /** The command line. */
  cmd: Scalars['String']['output'];
};

/** Named actions run in the workspace; each receives the platform URL through an environment variable. */
export type WorkspaceExecConfig = {
  __typename?: 'WorkspaceExecConfig';
  /** Run when the workspace is assigned to a user. */
  assign?: Maybe<WorkspaceExecAction>;
  /** Run when the workspace starts. */
  go?: Maybe<WorkspaceExecAction>;
};

/** An entry of a workspace registry, with the registry's own fields. */
export type WorkspaceRegistryEntry = {
  __typename?: 'WorkspaceRegistryEntry';
  /** amd64 and/or arm64. */
  architecture: Array<Scalars['String']['output']>;
  /** Desktop, Development, … */
  categories: Array<Scalars['String']['output']>;
  /** Platform version patterns, <major>.<minor>.x. */
  compatibility: Array<Scalars['String']['output']>;
  /** Whether a pattern in compatibility matches the platform version this server runs (PLATFORM_VERSION). */
  compatible: Scalars['Boolean']['output'];
  /** What the workspace offers. */
  description: Scalars['String']['output'];
  /** The container image registry, an http(s) URL. */
  dockerRegistry: Scalars['String']['output'];
  /** The actions run in the workspace; null when the entry has none. */
  execConfig?: Maybe<WorkspaceExecConfig>;
  /** The name people read. */
  friendlyName: Scalars['String']['output'];
  /** The entry's id in this server's registry. */
  id: Scalars['ID']['output'];
  /** File name of the icon image. */
  imageSrc: Scalars['String']['output'];
  /** The workspace installed from this entry, if it is installed. */
  installed?: Maybe<Workspace>;
  /** <namespace>/<repository>:<tag> */
  name: Scalars['String']['output'];
  /** How the workspace's container runs; null when the entry sets nothing. */
  runConfig?: Maybe<WorkspaceRunConfig>;
  /** The image's size uncompressed, in megabytes. */
  uncompressedSizeMb: Scalars['Float']['output'];
};

/** How a workspace's container runs. */
export type WorkspaceRunConfig = {
  __typename?: 'WorkspaceRunConfig';
  /** The hostname given to the running workspace. */
  hostname?: Maybe<Scalars['String']['output']>;
};

/** How the server runs workspaces. */
export type WorkspaceSettings = {
  __typename?: 'WorkspaceSettings';
  /** Agent CPU cores override, 1-64. */
  agentCpuCores: Scalars['Int']['output'];
  /** Agent memory override in bytes. */
  agentMemoryBytes: Scalars['BigInt']['output'];
  /** The files placed into every workspace. */
  fileMappings: Array<FileMapping>;
  /** A path containing {username}; null when profiles are not persisted. */
  persistentProfilePath?: Maybe<Scalars['String']['output']>;
  /** When the settings last changed. */
  updatedAt: Scalars['DateTime']['output'];
  /** 0 when a reverse proxy fronts the platform. */
  zoneProxyPort: Scalars['Int']['output'];
};

/** Only the fields sent change; persistentProfilePath: null turns persistent profiles off. */
export type WorkspaceSettingsInput = {
  /** Agent CPU cores override, 1-64. */
  agentCpuCores?: InputMaybe<Scalars['Int']['input']>;
  /** Agent memory override in bytes. */
  agentMemoryBytes?: InputMaybe<Scalars['BigInt']['input']>;
  /** A path containing {username}; null turns persistent profiles off. */
  persistentProfilePath?: InputMaybe<Scalars['String']['input']>;
  /** 0 when a reverse proxy fronts the platform. */
  zoneProxyPort?: InputMaybe<Scalars['Int']['input']>;
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AreaRisk: ResolverTypeWrapper<AreaRiskModel>;
  AuditAction: AuditAction;
  AuditActor: ResolverTypeWrapper<AuditActor>;
  AuditActorType: AuditActorType;
  AuditChange: ResolverTypeWrapper<AuditChange>;
  AuditEvent: ResolverTypeWrapper<AuditEventViewModel>;
  AuditEventConnection: ResolverTypeWrapper<Omit<AuditEventConnection, 'edges'> & { edges: Array<ResolversTypes['AuditEventEdge']> }>;
  AuditEventEdge: ResolverTypeWrapper<Omit<AuditEventEdge, 'node'> & { node: ResolversTypes['AuditEvent'] }>;
  AuditTarget: ResolverTypeWrapper<AuditTarget>;
  AuditTargetType: AuditTargetType;
  AuthPayload: ResolverTypeWrapper<AuthPayload>;
  BigInt: ResolverTypeWrapper<Scalars['BigInt']['output']>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Coordinates: ResolverTypeWrapper<Coordinates>;
  CreateFaqInput: CreateFaqInput;
  CreateGroupInput: CreateGroupInput;
  CreateHelpAutomationInput: CreateHelpAutomationInput;
  CreateHelpRequestInput: CreateHelpRequestInput;
  CreateHelpScheduleInput: CreateHelpScheduleInput;
  CreateHelpTriggerInput: CreateHelpTriggerInput;
  CreateHelpWebhookInput: CreateHelpWebhookInput;
  CreateUserInput: CreateUserInput;
  DataStatus: DataStatus;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  EarthquakeComponents: ResolverTypeWrapper<EarthquakeComponents>;
  EarthquakeDataStatus: ResolverTypeWrapper<EarthquakeDataStatus>;
  EarthquakeRisk: ResolverTypeWrapper<EarthquakeRiskModel>;
  Faq: ResolverTypeWrapper<FaqViewModel>;
  FaqGroup: ResolverTypeWrapper<Omit<FaqGroup, 'entries'> & { entries: Array<ResolversTypes['Faq']> }>;
  FaqList: ResolverTypeWrapper<Omit<FaqList, 'groups'> & { groups: Array<ResolversTypes['FaqGroup']> }>;
  FileMapping: ResolverTypeWrapper<FileMappingModel>;
  FileMappingInput: FileMappingInput;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  Group: ResolverTypeWrapper<GroupModel>;
  Health: ResolverTypeWrapper<Health>;
  HelpAgentNotificationEvent: HelpAgentNotificationEvent;
  HelpAgentNotifications: ResolverTypeWrapper<AgentNotificationsViewModel>;
  HelpAttachment: ResolverTypeWrapper<HelpAttachmentViewModel>;
  HelpAutomation: ResolverTypeWrapper<HelpAutomation>;
  HelpCategory: HelpCategory;
  HelpCategoryCount: ResolverTypeWrapper<HelpCategoryCount>;
  HelpContact: ResolverTypeWrapper<HelpContactViewModel>;
  HelpContactConnection: ResolverTypeWrapper<HelpContactConnectionModel>;
  HelpContactEdge: ResolverTypeWrapper<Omit<HelpContactEdge, 'node'> & { node: ResolversTypes['HelpContact'] }>;
  HelpHeldMail: ResolverTypeWrapper<HeldMailViewModel>;
  HelpHeldMailCause: HelpHeldMailCause;
  HelpHeldMailConnection: ResolverTypeWrapper<HeldMailConnectionModel>;
  HelpHeldMailEdge: ResolverTypeWrapper<Omit<HelpHeldMailEdge, 'node'> & { node: ResolversTypes['HelpHeldMail'] }>;
  HelpHistoryAction: HelpHistoryAction;
  HelpMacro: ResolverTypeWrapper<HelpMacro>;
  HelpMacroInput: HelpMacroInput;
  HelpMailDelivery: ResolverTypeWrapper<HelpMailDeliveryViewModel>;
  HelpMailDeliveryState: HelpMailDeliveryState;
  HelpMessage: ResolverTypeWrapper<HelpMessageViewModel>;
  HelpMessageAuthorRole: HelpMessageAuthorRole;
  HelpMessageChannel: HelpMessageChannel;
  HelpMessageConnection: ResolverTypeWrapper<HelpMessageConnectionModel>;
  HelpMessageEdge: ResolverTypeWrapper<Omit<HelpMessageEdge, 'node'> & { node: ResolversTypes['HelpMessage'] }>;
  HelpMessageVisibility: HelpMessageVisibility;
  HelpPagination: ResolverTypeWrapper<PaginationModel>;
  HelpPriority: HelpPriority;
  HelpPriorityCount: ResolverTypeWrapper<HelpPriorityCount>;
  HelpPublicHolidaysInput: HelpPublicHolidaysInput;
  HelpReleasedMail: ResolverTypeWrapper<ReleasedMailViewModel>;
  HelpReplyResult: ResolverTypeWrapper<HelpReplyResultModel>;
  HelpRequest: ResolverTypeWrapper<HelpRequestViewModel>;
  HelpRequestChange: ResolverTypeWrapper<HelpRequestChangeModel>;
  HelpRequestChangeKind: HelpRequestChangeKind;
  HelpRequestConnection: ResolverTypeWrapper<HelpRequestConnectionModel>;
  HelpRequestEdge: ResolverTypeWrapper<Omit<HelpRequestEdge, 'node'> & { node: ResolversTypes['HelpRequest'] }>;
  HelpRequestHistoryEntry: ResolverTypeWrapper<HelpRequestHistoryViewModel>;
  HelpRequestPage: ResolverTypeWrapper<Omit<HelpRequestPage, 'pagination' | 'requests'> & { pagination: ResolversTypes['HelpPagination'], requests: Array<ResolversTypes['HelpRequest']> }>;
  HelpRequestSla: ResolverTypeWrapper<HelpRequestSla>;
  HelpRequestSortField: HelpRequestSortField;
  HelpRequestStatistics: ResolverTypeWrapper<HelpRequestStatistics>;
  HelpResponse: ResolverTypeWrapper<HelpResponseViewModel>;
  HelpResponseStatistics: ResolverTypeWrapper<HelpResponseStatistics>;
  HelpRuleAction: ResolverTypeWrapper<HelpRuleAction>;
  HelpRuleActionInput: HelpRuleActionInput;
  HelpRuleActionType: HelpRuleActionType;
  HelpRuleCondition: ResolverTypeWrapper<HelpRuleCondition>;
  HelpRuleConditionField: HelpRuleConditionField;
  HelpRuleConditionInput: HelpRuleConditionInput;
  HelpRuleConditionOperator: HelpRuleConditionOperator;
  HelpRuleConditions: ResolverTypeWrapper<HelpRuleConditions>;
  HelpRuleConditionsInput: HelpRuleConditionsInput;
  HelpRuleEvent: HelpRuleEvent;
  HelpSatisfaction: ResolverTypeWrapper<HelpSatisfaction>;
  HelpSchedule: ResolverTypeWrapper<HelpSchedule>;
  HelpScheduleHoliday: ResolverTypeWrapper<HelpScheduleHoliday>;
  HelpScheduleHolidayInput: HelpScheduleHolidayInput;
  HelpScheduleInterval: ResolverTypeWrapper<HelpScheduleInterval>;
  HelpScheduleIntervalInput: HelpScheduleIntervalInput;
  HelpSearchResult: ResolverTypeWrapper<Omit<HelpSearchResult, 'faqs' | 'helpRequests'> & { faqs: Array<ResolversTypes['Faq']>, helpRequests: Array<ResolversTypes['HelpRequest']> }>;
  HelpServiceLevelStatistics: ResolverTypeWrapper<HelpServiceLevelStatistics>;
  HelpSlaPolicy: ResolverTypeWrapper<HelpSlaPolicy>;
  HelpSortOrder: HelpSortOrder;
  HelpStatistics: ResolverTypeWrapper<HelpStatistics>;
  HelpStatus: HelpStatus;
  HelpStatusCount: ResolverTypeWrapper<HelpStatusCount>;
  HelpTagCount: ResolverTypeWrapper<HelpTagCount>;
  HelpTrigger: ResolverTypeWrapper<HelpTrigger>;
  HelpWebhook: ResolverTypeWrapper<HelpWebhook>;
  HelpWebhookDelivery: ResolverTypeWrapper<HelpWebhookDelivery>;
  HelpWebhookDeliveryConnection: ResolverTypeWrapper<HelpWebhookDeliveryConnection>;
  HelpWebhookDeliveryEdge: ResolverTypeWrapper<HelpWebhookDeliveryEdge>;
  HelpWebhookDeliveryState: HelpWebhookDeliveryState;
  HelpWebhookSecretPayload: ResolverTypeWrapper<HelpWebhookSecretPayload>;
  HelpWeekday: HelpWeekday;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ReplyToHelpRequestInput: ReplyToHelpRequestInput;
  RespondToHelpRequestInput: RespondToHelpRequestInput;
  RiskLevel: RiskLevel;
  Role: Role;
  Session: ResolverTypeWrapper<Session>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Theme: Theme;
  UpdateFaqInput: UpdateFaqInput;
  UpdateFileMappingInput: UpdateFileMappingInput;
  UpdateGroupInput: UpdateGroupInput;
  UpdateHelpAgentNotificationsInput: UpdateHelpAgentNotificationsInput;
  UpdateHelpAutomationInput: UpdateHelpAutomationInput;
  UpdateHelpContactInput: UpdateHelpContactInput;
  UpdateHelpRequestInput: UpdateHelpRequestInput;
  UpdateHelpScheduleInput: UpdateHelpScheduleInput;
  UpdateHelpSlaPolicyInput: UpdateHelpSlaPolicyInput;
  UpdateHelpTriggerInput: UpdateHelpTriggerInput;
  UpdateUserInput: UpdateUserInput;
  User: ResolverTypeWrapper<UserRecordModel>;
  UserAttributes: ResolverTypeWrapper<UserAttributesViewModel>;
  UserAttributesInput: UserAttributesInput;
  UserConnection: ResolverTypeWrapper<UserConnectionModel>;
  UserEdge: ResolverTypeWrapper<Omit<UserEdge, 'node'> & { node: ResolversTypes['User'] }>;
  UserFilter: UserFilter;
  UserPage: ResolverTypeWrapper<Omit<UserPage, 'users'> & { users: Array<ResolversTypes['User']> }>;
  WildfireComponents: ResolverTypeWrapper<WildfireComponents>;
  WildfireDataStatus: ResolverTypeWrapper<WildfireDataStatus>;
  WildfireRisk: ResolverTypeWrapper<WildfireRiskModel>;
  Workspace: ResolverTypeWrapper<WorkspaceModel>;
  WorkspaceExecAction: ResolverTypeWrapper<WorkspaceExecAction>;
  WorkspaceExecConfig: ResolverTypeWrapper<WorkspaceExecConfig>;
  WorkspaceRegistryEntry: ResolverTypeWrapper<RegistryEntryModel>;
  WorkspaceRunConfig: ResolverTypeWrapper<WorkspaceRunConfig>;
  WorkspaceSettings: ResolverTypeWrapper<WorkspaceSettingsModel>;
  WorkspaceSettingsInput: WorkspaceSettingsInput;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AreaRisk: AreaRiskModel;
  AuditActor: AuditActor;
  AuditChange: AuditChange;
  AuditEvent: AuditEventViewModel;
  AuditEventConnection: Omit<AuditEventConnection, 'edges'> & { edges: Array<ResolversParentTypes['AuditEventEdge']> };
  AuditEventEdge: Omit<AuditEventEdge, 'node'> & { node: ResolversParentTypes['AuditEvent'] };
  AuditTarget: AuditTarget;
  AuthPayload: AuthPayload;
  BigInt: Scalars['BigInt']['output'];
  Boolean: Scalars['Boolean']['output'];
  Coordinates: Coordinates;
  CreateFaqInput: CreateFaqInput;
  CreateGroupInput: CreateGroupInput;
  CreateHelpAutomationInput: CreateHelpAutomationInput;
  CreateHelpRequestInput: CreateHelpRequestInput;
  CreateHelpScheduleInput: CreateHelpScheduleInput;
  CreateHelpTriggerInput: CreateHelpTriggerInput;
  CreateHelpWebhookInput: CreateHelpWebhookInput;
  CreateUserInput: CreateUserInput;
  DateTime: Scalars['DateTime']['output'];
  EarthquakeComponents: EarthquakeComponents;
  EarthquakeDataStatus: EarthquakeDataStatus;
  EarthquakeRisk: EarthquakeRiskModel;
  Faq: FaqViewModel;
  FaqGroup: Omit<FaqGroup, 'entries'> & { entries: Array<ResolversParentTypes['Faq']> };
  FaqList: Omit<FaqList, 'groups'> & { groups: Array<ResolversParentTypes['FaqGroup']> };
  FileMapping: FileMappingModel;
  FileMappingInput: FileMappingInput;
  Float: Scalars['Float']['output'];
  Group: GroupModel;
  Health: Health;
  HelpAgentNotifications: AgentNotificationsViewModel;
  HelpAttachment: HelpAttachmentViewModel;
  HelpAutomation: HelpAutomation;
  HelpCategoryCount: HelpCategoryCount;
  HelpContact: HelpContactViewModel;
  HelpContactConnection: HelpContactConnectionModel;
  HelpContactEdge: Omit<HelpContactEdge, 'node'> & { node: ResolversParentTypes['HelpContact'] };
  HelpHeldMail: HeldMailViewModel;
  HelpHeldMailConnection: HeldMailConnectionModel;
  HelpHeldMailEdge: Omit<HelpHeldMailEdge, 'node'> & { node: ResolversParentTypes['HelpHeldMail'] };
  HelpMacro: HelpMacro;
  HelpMacroInput: HelpMacroInput;
  HelpMailDelivery: HelpMailDeliveryViewModel;
  HelpMessage: HelpMessageViewModel;
  HelpMessageConnection: HelpMessageConnectionModel;
  HelpMessageEdge: Omit<HelpMessageEdge, 'node'> & { node: ResolversParentTypes['HelpMessage'] };
  HelpPagination: PaginationModel;
  HelpPriorityCount: HelpPriorityCount;
  HelpPublicHolidaysInput: HelpPublicHolidaysInput;
  HelpReleasedMail: ReleasedMailViewModel;
  HelpReplyResult: HelpReplyResultModel;
  HelpRequest: HelpRequestViewModel;
  HelpRequestChange: HelpRequestChangeModel;
  HelpRequestConnection: HelpRequestConnectionModel;
  HelpRequestEdge: Omit<HelpRequestEdge, 'node'> & { node: ResolversParentTypes['HelpRequest'] };
  HelpRequestHistoryEntry: HelpRequestHistoryViewModel;
  HelpRequestPage: Omit<HelpRequestPage, 'pagination' | 'requests'> & { pagination: ResolversParentTypes['HelpPagination'], requests: Array<ResolversParentTypes['HelpRequest']> };
  HelpRequestSla: HelpRequestSla;
  HelpRequestStatistics: HelpRequestStatistics;
  HelpResponse: HelpResponseViewModel;
  HelpResponseStatistics: HelpResponseStatistics;
  HelpRuleAction: HelpRuleAction;
  HelpRuleActionInput: HelpRuleActionInput;
  HelpRuleCondition: HelpRuleCondition;
  HelpRuleConditionInput: HelpRuleConditionInput;
  HelpRuleConditions: HelpRuleConditions;
  HelpRuleConditionsInput: HelpRuleConditionsInput;
  HelpSatisfaction: HelpSatisfaction;
  HelpSchedule: HelpSchedule;
  HelpScheduleHoliday: HelpScheduleHoliday;
  HelpScheduleHolidayInput: HelpScheduleHolidayInput;
  HelpScheduleInterval: HelpScheduleInterval;
  HelpScheduleIntervalInput: HelpScheduleIntervalInput;
  HelpSearchResult: Omit<HelpSearchResult, 'faqs' | 'helpRequests'> & { faqs: Array<ResolversParentTypes['Faq']>, helpRequests: Array<ResolversParentTypes['HelpRequest']> };
  HelpServiceLevelStatistics: HelpServiceLevelStatistics;
  HelpSlaPolicy: HelpSlaPolicy;
  HelpStatistics: HelpStatistics;
  HelpStatusCount: HelpStatusCount;
  HelpTagCount: HelpTagCount;
  HelpTrigger: HelpTrigger;
  HelpWebhook: HelpWebhook;
  HelpWebhookDelivery: HelpWebhookDelivery;
  HelpWebhookDeliveryConnection: HelpWebhookDeliveryConnection;
  HelpWebhookDeliveryEdge: HelpWebhookDeliveryEdge;
  HelpWebhookSecretPayload: HelpWebhookSecretPayload;
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  JSON: Scalars['JSON']['output'];
  Mutation: Record<PropertyKey, never>;
  PageInfo: PageInfo;
  Query: Record<PropertyKey, never>;
  ReplyToHelpRequestInput: ReplyToHelpRequestInput;
  RespondToHelpRequestInput: RespondToHelpRequestInput;
  Session: Session;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  UpdateFaqInput: UpdateFaqInput;
  UpdateFileMappingInput: UpdateFileMappingInput;
  UpdateGroupInput: UpdateGroupInput;
  UpdateHelpAgentNotificationsInput: UpdateHelpAgentNotificationsInput;
  UpdateHelpAutomationInput: UpdateHelpAutomationInput;
  UpdateHelpContactInput: UpdateHelpContactInput;
  UpdateHelpRequestInput: UpdateHelpRequestInput;
  UpdateHelpScheduleInput: UpdateHelpScheduleInput;
  UpdateHelpSlaPolicyInput: UpdateHelpSlaPolicyInput;
  UpdateHelpTriggerInput: UpdateHelpTriggerInput;
  UpdateUserInput: UpdateUserInput;
  User: UserRecordModel;
  UserAttributes: UserAttributesViewModel;
  UserAttributesInput: UserAttributesInput;
  UserConnection: UserConnectionModel;
  UserEdge: Omit<UserEdge, 'node'> & { node: ResolversParentTypes['User'] };
  UserFilter: UserFilter;
  UserPage: Omit<UserPage, 'users'> & { users: Array<ResolversParentTypes['User']> };
  WildfireComponents: WildfireComponents;
  WildfireDataStatus: WildfireDataStatus;
  WildfireRisk: WildfireRiskModel;
  Workspace: WorkspaceModel;
  WorkspaceExecAction: WorkspaceExecAction;
  WorkspaceExecConfig: WorkspaceExecConfig;
  WorkspaceRegistryEntry: RegistryEntryModel;
  WorkspaceRunConfig: WorkspaceRunConfig;
  WorkspaceSettings: WorkspaceSettingsModel;
  WorkspaceSettingsInput: WorkspaceSettingsInput;
}>;

export type AreaRiskResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AreaRisk'] = ResolversParentTypes['AreaRisk']> = ResolversObject<{
  earthquake?: Resolver<ResolversTypes['EarthquakeRisk'], ParentType, ContextType>;
  wildfire?: Resolver<ResolversTypes['WildfireRisk'], ParentType, ContextType>;
  zipCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AuditActionResolvers = EnumResolverSignature<{ API_KEY_CREATE?: any, API_KEY_REVOKE?: any, AUDIT_TRAIL_PRUNE?: any, FAQ_CREATE?: any, FAQ_DELETE?: any, FAQ_UPDATE?: any, FILE_MAPPING_ADD?: any, FILE_MAPPING_REMOVE?: any, FILE_MAPPING_UPDATE?: any, GROUP_CREATE?: any, GROUP_DELETE?: any, GROUP_UPDATE?: any, GROUP_WORKSPACES_SET?: any, HELP_AUTOMATION_CREATE?: any, HELP_AUTOMATION_DELETE?: any, HELP_AUTOMATION_UPDATE?: any, HELP_CONTACT_BLOCK?: any, HELP_CONTACT_LINK?: any, HELP_CONTACT_UNBLOCK?: any, HELP_CONTACT_UPDATE?: any, HELP_HELD_MAIL_DISCARD?: any, HELP_HELD_MAIL_RELEASE?: any, HELP_MACRO_CREATE?: any, HELP_MACRO_DELETE?: any, HELP_MACRO_UPDATE?: any, HELP_REQUEST_ASSIGN?: any, HELP_REQUEST_ATTACHMENT_REMOVE?: any, HELP_REQUEST_DELETE?: any, HELP_REQUEST_STATUS_CHANGE?: any, HELP_SCHEDULE_CREATE?: any, HELP_SCHEDULE_DELETE?: any, HELP_SCHEDULE_UPDATE?: any, HELP_SLA_POLICY_UPDATE?: any, HELP_TRIGGER_CREATE?: any, HELP_TRIGGER_DELETE?: any, HELP_TRIGGER_UPDATE?: any, HELP_WEBHOOK_CREATE?: any, HELP_WEBHOOK_DELETE?: any, HELP_WEBHOOK_DISABLE?: any, HELP_WEBHOOK_SECRET_ROTATE?: any, REGISTRY_IMPORT?: any, SETTINGS_UPDATE?: any, USER_ATTRIBUTES_UPDATE?: any, USER_CREATE?: any, USER_DELETE?: any, USER_GROUP_ADD?: any, USER_GROUP_REMOVE?: any, USER_LOCK?: any, USER_LOGOUT?: any, USER_PASSWORD_SET?: any, USER_ROLE_CHANGE?: any, USER_UNLOCK?: any, USER_UPDATE?: any, WORKSPACE_INSTALL?: any, WORKSPACE_UNINSTALL?: any }, ResolversTypes['AuditAction']>;

export type AuditActorResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditActor'] = ResolversParentTypes['AuditActor']> = ResolversObject<{
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['AuditActorType'], ParentType, ContextType>;
}>;

export type AuditActorTypeResolvers = EnumResolverSignature<{ API_KEY?: any, SYSTEM?: any, USER?: any }, ResolversTypes['AuditActorType']>;

export type AuditChangeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditChange'] = ResolversParentTypes['AuditChange']> = ResolversObject<{
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  newValue?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  oldValue?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
}>;

export type AuditEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditEvent'] = ResolversParentTypes['AuditEvent']> = ResolversObject<{
  action?: Resolver<ResolversTypes['AuditAction'], ParentType, ContextType>;
  actor?: Resolver<ResolversTypes['AuditActor'], ParentType, ContextType>;
  changes?: Resolver<Array<ResolversTypes['AuditChange']>, ParentType, ContextType>;
  clientAddress?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  occurredAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  requestId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  target?: Resolver<ResolversTypes['AuditTarget'], ParentType, ContextType>;
}>;

export type AuditEventConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditEventConnection'] = ResolversParentTypes['AuditEventConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['AuditEventEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type AuditEventEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditEventEdge'] = ResolversParentTypes['AuditEventEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['AuditEvent'], ParentType, ContextType>;
}>;

export type AuditTargetResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditTarget'] = ResolversParentTypes['AuditTarget']> = ResolversObject<{
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['AuditTargetType'], ParentType, ContextType>;
}>;

export type AuditTargetTypeResolvers = EnumResolverSignature<{ API_KEY?: any, AUDIT_TRAIL?: any, FAQ?: any, FILE_MAPPING?: any, GROUP?: any, HELP_AUTOMATION?: any, HELP_CONTACT?: any, HELP_HELD_MAIL?: any, HELP_MACRO?: any, HELP_REQUEST?: any, HELP_SCHEDULE?: any, HELP_SLA_POLICY?: any, HELP_TRIGGER?: any, HELP_WEBHOOK?: any, REGISTRY?: any, SETTINGS?: any, USER?: any, WORKSPACE?: any }, ResolversTypes['AuditTargetType']>;

export type AuthPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload']> = ResolversObject<{
  accessToken?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresIn?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tokenType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export interface BigIntScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['BigInt'], any> {
  name: 'BigInt';
}

export type CoordinatesResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Coordinates'] = ResolversParentTypes['Coordinates']> = ResolversObject<{
  latitude?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  longitude?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type DataStatusResolvers = EnumResolverSignature<{ CACHED?: any, LIVE?: any, UNAVAILABLE?: any }, ResolversTypes['DataStatus']>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type EarthquakeComponentsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['EarthquakeComponents'] = ResolversParentTypes['EarthquakeComponents']> = ResolversObject<{
  faultProximity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  magnitude?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  seismicActivity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type EarthquakeDataStatusResolvers<ContextType = Context, ParentType extends ResolversParentTypes['EarthquakeDataStatus'] = ResolversParentTypes['EarthquakeDataStatus']> = ResolversObject<{
  seismic?: Resolver<ResolversTypes['DataStatus'], ParentType, ContextType>;
}>;

export type EarthquakeRiskResolvers<ContextType = Context, ParentType extends ResolversParentTypes['EarthquakeRisk'] = ResolversParentTypes['EarthquakeRisk']> = ResolversObject<{
  components?: Resolver<ResolversTypes['EarthquakeComponents'], ParentType, ContextType>;
  coordinates?: Resolver<ResolversTypes['Coordinates'], ParentType, ContextType>;
  dataStatus?: Resolver<ResolversTypes['EarthquakeDataStatus'], ParentType, ContextType>;
  faultDistance?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  maxMagnitude?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  recentEarthquakes?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  riskLevel?: Resolver<ResolversTypes['RiskLevel'], ParentType, ContextType>;
  riskScore?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  zipCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type FaqResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Faq'] = ResolversParentTypes['Faq']> = ResolversObject<{
  answer?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['HelpCategory'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  displayOrder?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  isActive?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  question?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type FaqGroupResolvers<ContextType = Context, ParentType extends ResolversParentTypes['FaqGroup'] = ResolversParentTypes['FaqGroup']> = ResolversObject<{
  category?: Resolver<ResolversTypes['HelpCategory'], ParentType, ContextType>;
  entries?: Resolver<Array<ResolversTypes['Faq']>, ParentType, ContextType>;
}>;

export type FaqListResolvers<ContextType = Context, ParentType extends ResolversParentTypes['FaqList'] = ResolversParentTypes['FaqList']> = ResolversObject<{
  groups?: Resolver<Array<ResolversTypes['FaqGroup']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type FileMappingResolvers<ContextType = Context, ParentType extends ResolversParentTypes['FileMapping'] = ResolversParentTypes['FileMapping']> = ResolversObject<{
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  destinationPath?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  executable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type GroupResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Group'] = ResolversParentTypes['Group']> = ResolversObject<{
  allowedWorkspaces?: Resolver<Array<ResolversTypes['Workspace']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  members?: Resolver<ResolversTypes['UserConnection'], ParentType, ContextType, Partial<GroupMembersArgs>>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type HealthResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Health'] = ResolversParentTypes['Health']> = ResolversObject<{
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timestamp?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  version?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpAgentNotificationEventResolvers = EnumResolverSignature<{ ASSIGNED?: any, REQUESTER_REPLIED?: any }, ResolversTypes['HelpAgentNotificationEvent']>;

export type HelpAgentNotificationsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpAgentNotifications'] = ResolversParentTypes['HelpAgentNotifications']> = ResolversObject<{
  confirmed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  deliverable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['HelpAgentNotificationEvent']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type HelpAttachmentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpAttachment'] = ResolversParentTypes['HelpAttachment']> = ResolversObject<{
  contentType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  filename?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  uploadedBy?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpAutomationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpAutomation'] = ResolversParentTypes['HelpAutomation']> = ResolversObject<{
  actions?: Resolver<Array<ResolversTypes['HelpRuleAction']>, ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  conditions?: Resolver<ResolversTypes['HelpRuleConditions'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpCategoryResolvers = EnumResolverSignature<{ ACCOUNT?: any, BILLING?: any, BUG_REPORT?: any, FEATURE_REQUEST?: any, GENERAL?: any, OTHER?: any, TECHNICAL?: any }, ResolversTypes['HelpCategory']>;

export type HelpCategoryCountResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpCategoryCount'] = ResolversParentTypes['HelpCategoryCount']> = ResolversObject<{
  category?: Resolver<ResolversTypes['HelpCategory'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpContactResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpContact'] = ResolversParentTypes['HelpContact']> = ResolversObject<{
  blocked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliverable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  locale?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  requests?: Resolver<Array<ResolversTypes['HelpRequest']>, ParentType, ContextType, Partial<HelpContactRequestsArgs>>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type HelpContactConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpContactConnection'] = ResolversParentTypes['HelpContactConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['HelpContactEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpContactEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpContactEdge'] = ResolversParentTypes['HelpContactEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['HelpContact'], ParentType, ContextType>;
}>;

export type HelpHeldMailResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpHeldMail'] = ResolversParentTypes['HelpHeldMail']> = ResolversObject<{
  cause?: Resolver<ResolversTypes['HelpHeldMailCause'], ParentType, ContextType>;
  detail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  from?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  subject?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type HelpHeldMailCauseResolvers = EnumResolverSignature<{ BLOCKED_SENDER?: any, INFECTED?: any, LOOP?: any, RATE?: any, SPOOFED_SENDER?: any, TOO_LARGE?: any, UNPARSEABLE?: any }, ResolversTypes['HelpHeldMailCause']>;

export type HelpHeldMailConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpHeldMailConnection'] = ResolversParentTypes['HelpHeldMailConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['HelpHeldMailEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpHeldMailEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpHeldMailEdge'] = ResolversParentTypes['HelpHeldMailEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['HelpHeldMail'], ParentType, ContextType>;
}>;

export type HelpHistoryActionResolvers = EnumResolverSignature<{ ASSIGNED?: any, CREATED?: any, REPLIED?: any, RESPONDED?: any, SLA_BREACHED?: any, UPDATED?: any }, ResolversTypes['HelpHistoryAction']>;

export type HelpMacroResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpMacro'] = ResolversParentTypes['HelpMacro']> = ResolversObject<{
  actions?: Resolver<Array<ResolversTypes['HelpRuleAction']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpMailDeliveryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpMailDelivery'] = ResolversParentTypes['HelpMailDelivery']> = ResolversObject<{
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recipient?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  settledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['HelpMailDeliveryState'], ParentType, ContextType>;
}>;

export type HelpMailDeliveryStateResolvers = EnumResolverSignature<{ FAILED?: any, PENDING?: any, SENDING?: any, SENT?: any, SKIPPED?: any }, ResolversTypes['HelpMailDeliveryState']>;

export type HelpMessageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpMessage'] = ResolversParentTypes['HelpMessage']> = ResolversObject<{
  attachments?: Resolver<Array<ResolversTypes['HelpAttachment']>, ParentType, ContextType>;
  author?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  authorRole?: Resolver<ResolversTypes['HelpMessageAuthorRole'], ParentType, ContextType>;
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  channel?: Resolver<ResolversTypes['HelpMessageChannel'], ParentType, ContextType>;
  contact?: Resolver<Maybe<ResolversTypes['HelpContact']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliveries?: Resolver<Maybe<Array<ResolversTypes['HelpMailDelivery']>>, ParentType, ContextType>;
  fullBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  html?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  requestId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  visibility?: Resolver<ResolversTypes['HelpMessageVisibility'], ParentType, ContextType>;
}>;

export type HelpMessageAuthorRoleResolvers = EnumResolverSignature<{ AGENT?: any, CONTACT?: any, REQUESTER?: any, SYSTEM?: any }, ResolversTypes['HelpMessageAuthorRole']>;

export type HelpMessageChannelResolvers = EnumResolverSignature<{ API?: any, EMAIL?: any, WEB?: any }, ResolversTypes['HelpMessageChannel']>;

export type HelpMessageConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpMessageConnection'] = ResolversParentTypes['HelpMessageConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['HelpMessageEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpMessageEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpMessageEdge'] = ResolversParentTypes['HelpMessageEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['HelpMessage'], ParentType, ContextType>;
}>;

export type HelpMessageVisibilityResolvers = EnumResolverSignature<{ INTERNAL?: any, PUBLIC?: any }, ResolversTypes['HelpMessageVisibility']>;

export type HelpPaginationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpPagination'] = ResolversParentTypes['HelpPagination']> = ResolversObject<{
  hasNext?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPrev?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  page?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pages?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  perPage?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpPriorityResolvers = EnumResolverSignature<{ HIGH?: any, LOW?: any, MEDIUM?: any, URGENT?: any }, ResolversTypes['HelpPriority']>;

export type HelpPriorityCountResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpPriorityCount'] = ResolversParentTypes['HelpPriorityCount']> = ResolversObject<{
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['HelpPriority'], ParentType, ContextType>;
}>;

export type HelpReleasedMailResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpReleasedMail'] = ResolversParentTypes['HelpReleasedMail']> = ResolversObject<{
  heldFor?: Resolver<Maybe<ResolversTypes['HelpHeldMailCause']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  request?: Resolver<Maybe<ResolversTypes['HelpRequest']>, ParentType, ContextType>;
}>;

export type HelpReplyResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpReplyResult'] = ResolversParentTypes['HelpReplyResult']> = ResolversObject<{
  message?: Resolver<ResolversTypes['HelpMessage'], ParentType, ContextType>;
  request?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType>;
}>;

export type HelpRequestResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequest'] = ResolversParentTypes['HelpRequest']> = ResolversObject<{
  adminNotes?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  areaRisk?: Resolver<Maybe<ResolversTypes['AreaRisk']>, ParentType, ContextType>;
  assignedToId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  assignee?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  attachments?: Resolver<Array<ResolversTypes['HelpAttachment']>, ParentType, ContextType>;
  category?: Resolver<ResolversTypes['HelpCategory'], ParentType, ContextType>;
  contact?: Resolver<Maybe<ResolversTypes['HelpContact']>, ParentType, ContextType>;
  contactEmail?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  followUpOf?: Resolver<Maybe<ResolversTypes['HelpRequest']>, ParentType, ContextType>;
  history?: Resolver<Array<ResolversTypes['HelpRequestHistoryEntry']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  messages?: Resolver<ResolversTypes['HelpMessageConnection'], ParentType, ContextType, Partial<HelpRequestMessagesArgs>>;
  priority?: Resolver<ResolversTypes['HelpPriority'], ParentType, ContextType>;
  requester?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  requesterId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  responses?: Resolver<Array<ResolversTypes['HelpResponse']>, ParentType, ContextType>;
  satisfaction?: Resolver<Maybe<ResolversTypes['HelpSatisfaction']>, ParentType, ContextType>;
  sla?: Resolver<Maybe<ResolversTypes['HelpRequestSla']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['HelpStatus'], ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  zip?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type HelpRequestChangeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequestChange'] = ResolversParentTypes['HelpRequestChange']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  fields?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['HelpRequestChangeKind'], ParentType, ContextType>;
  request?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType>;
  requestId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpRequestChangeKindResolvers = EnumResolverSignature<{ CREATED?: any, REPLIED?: any, RESPONDED?: any, SLA_BREACHED?: any, UPDATED?: any }, ResolversTypes['HelpRequestChangeKind']>;

export type HelpRequestConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequestConnection'] = ResolversParentTypes['HelpRequestConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['HelpRequestEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpRequestEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequestEdge'] = ResolversParentTypes['HelpRequestEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType>;
}>;

export type HelpRequestHistoryEntryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequestHistoryEntry'] = ResolversParentTypes['HelpRequestHistoryEntry']> = ResolversObject<{
  action?: Resolver<ResolversTypes['HelpHistoryAction'], ParentType, ContextType>;
  actor?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  actorId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  field?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  newValue?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  oldValue?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type HelpRequestPageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequestPage'] = ResolversParentTypes['HelpRequestPage']> = ResolversObject<{
  pagination?: Resolver<ResolversTypes['HelpPagination'], ParentType, ContextType>;
  requests?: Resolver<Array<ResolversTypes['HelpRequest']>, ParentType, ContextType>;
}>;

export type HelpRequestSlaResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequestSla'] = ResolversParentTypes['HelpRequestSla']> = ResolversObject<{
  firstResponseAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  firstResponseBreached?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  firstResponseDueAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  firstResponseMinutesLeft?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  firstResponseMinutesUsed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  paused?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  pausedSeconds?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resolutionBreached?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  resolutionDueAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  resolutionMinutesLeft?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resolutionMinutesUsed?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  resolvedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  schedule?: Resolver<Maybe<ResolversTypes['HelpSchedule']>, ParentType, ContextType>;
}>;

export type HelpRequestSortFieldResolvers = EnumResolverSignature<{ CATEGORY?: any, CREATED_AT?: any, FIRST_RESPONSE_DUE_AT?: any, ID?: any, PRIORITY?: any, RESOLUTION_DUE_AT?: any, STATUS?: any, TITLE?: any, UPDATED_AT?: any }, ResolversTypes['HelpRequestSortField']>;

export type HelpRequestStatisticsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRequestStatistics'] = ResolversParentTypes['HelpRequestStatistics']> = ResolversObject<{
  byCategory?: Resolver<Array<ResolversTypes['HelpCategoryCount']>, ParentType, ContextType>;
  byPriority?: Resolver<Array<ResolversTypes['HelpPriorityCount']>, ParentType, ContextType>;
  byStatus?: Resolver<Array<ResolversTypes['HelpStatusCount']>, ParentType, ContextType>;
  open?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpResponseResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpResponse'] = ResolversParentTypes['HelpResponse']> = ResolversObject<{
  attachments?: Resolver<Array<ResolversTypes['HelpAttachment']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  isPublic?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  newStatus?: Resolver<Maybe<ResolversTypes['HelpStatus']>, ParentType, ContextType>;
  requestId?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  responder?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  responderId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  response?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpResponseStatisticsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpResponseStatistics'] = ResolversParentTypes['HelpResponseStatistics']> = ResolversObject<{
  avgResponseTimeDays?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpRuleActionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRuleAction'] = ResolversParentTypes['HelpRuleAction']> = ResolversObject<{
  type?: Resolver<ResolversTypes['HelpRuleActionType'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhookId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type HelpRuleActionTypeResolvers = EnumResolverSignature<{ ADD_INTERNAL_NOTE?: any, ADD_TAGS?: any, ASSIGN?: any, MAIL_AGENTS?: any, MAIL_CONTACT?: any, REMOVE_TAGS?: any, SEND_WEBHOOK?: any, SET_CATEGORY?: any, SET_PRIORITY?: any, SET_STATUS?: any }, ResolversTypes['HelpRuleActionType']>;

export type HelpRuleConditionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRuleCondition'] = ResolversParentTypes['HelpRuleCondition']> = ResolversObject<{
  field?: Resolver<ResolversTypes['HelpRuleConditionField'], ParentType, ContextType>;
  operator?: Resolver<ResolversTypes['HelpRuleConditionOperator'], ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpRuleConditionFieldResolvers = EnumResolverSignature<{ ASSIGNEE?: any, CATEGORY?: any, CHANNEL?: any, CONTACT_DOMAIN?: any, CONTACT_EMAIL?: any, DESCRIPTION?: any, HOURS_SINCE_CREATED?: any, HOURS_SINCE_RESOLVED?: any, HOURS_SINCE_UPDATED?: any, PRIORITY?: any, STATUS?: any, TAGS?: any, TITLE?: any }, ResolversTypes['HelpRuleConditionField']>;

export type HelpRuleConditionOperatorResolvers = EnumResolverSignature<{ CHANGED?: any, CHANGED_FROM?: any, CHANGED_TO?: any, CONTAINS?: any, GREATER_THAN?: any, IS?: any, IS_NOT?: any, LESS_THAN?: any, NOT_CONTAINS?: any }, ResolversTypes['HelpRuleConditionOperator']>;

export type HelpRuleConditionsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpRuleConditions'] = ResolversParentTypes['HelpRuleConditions']> = ResolversObject<{
  all?: Resolver<Array<ResolversTypes['HelpRuleCondition']>, ParentType, ContextType>;
  any?: Resolver<Array<ResolversTypes['HelpRuleCondition']>, ParentType, ContextType>;
}>;

export type HelpRuleEventResolvers = EnumResolverSignature<{ ASSIGNED?: any, CREATED?: any, REPLIED?: any, RESPONDED?: any, SLA_BREACHED?: any, STATUS_CHANGED?: any, UPDATED?: any }, ResolversTypes['HelpRuleEvent']>;

export type HelpSatisfactionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpSatisfaction'] = ResolversParentTypes['HelpSatisfaction']> = ResolversObject<{
  comment?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ratedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  score?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type HelpScheduleResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpSchedule'] = ResolversParentTypes['HelpSchedule']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  holidays?: Resolver<Array<ResolversTypes['HelpScheduleHoliday']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  intervals?: Resolver<Array<ResolversTypes['HelpScheduleInterval']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  priorities?: Resolver<Array<ResolversTypes['HelpPriority']>, ParentType, ContextType>;
  timeZone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type HelpScheduleHolidayResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpScheduleHoliday'] = ResolversParentTypes['HelpScheduleHoliday']> = ResolversObject<{
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpScheduleIntervalResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpScheduleInterval'] = ResolversParentTypes['HelpScheduleInterval']> = ResolversObject<{
  day?: Resolver<ResolversTypes['HelpWeekday'], ParentType, ContextType>;
  end?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpSearchResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpSearchResult'] = ResolversParentTypes['HelpSearchResult']> = ResolversObject<{
  faqs?: Resolver<Array<ResolversTypes['Faq']>, ParentType, ContextType>;
  helpRequests?: Resolver<Array<ResolversTypes['HelpRequest']>, ParentType, ContextType>;
}>;

export type HelpServiceLevelStatisticsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpServiceLevelStatistics'] = ResolversParentTypes['HelpServiceLevelStatistics']> = ResolversObject<{
  firstResponseBreachRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  medianFirstResponseSeconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  medianResolutionSeconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  p90FirstResponseSeconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  p90ResolutionSeconds?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  priority?: Resolver<Maybe<ResolversTypes['HelpPriority']>, ParentType, ContextType>;
  resolutionBreachRate?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  satisfactionAverage?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  satisfactionCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  topTags?: Resolver<Array<ResolversTypes['HelpTagCount']>, ParentType, ContextType>;
}>;

export type HelpSlaPolicyResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpSlaPolicy'] = ResolversParentTypes['HelpSlaPolicy']> = ResolversObject<{
  firstResponseMinutes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  priority?: Resolver<ResolversTypes['HelpPriority'], ParentType, ContextType>;
  resolutionMinutes?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  schedule?: Resolver<Maybe<ResolversTypes['HelpSchedule']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
}>;

export type HelpSortOrderResolvers = EnumResolverSignature<{ ASC?: any, DESC?: any }, ResolversTypes['HelpSortOrder']>;

export type HelpStatisticsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpStatistics'] = ResolversParentTypes['HelpStatistics']> = ResolversObject<{
  requests?: Resolver<ResolversTypes['HelpRequestStatistics'], ParentType, ContextType>;
  responses?: Resolver<ResolversTypes['HelpResponseStatistics'], ParentType, ContextType>;
  serviceLevels?: Resolver<ResolversTypes['HelpServiceLevelStatistics'], ParentType, ContextType>;
  serviceLevelsByPriority?: Resolver<Array<ResolversTypes['HelpServiceLevelStatistics']>, ParentType, ContextType>;
}>;

export type HelpStatusResolvers = EnumResolverSignature<{ CLOSED?: any, IN_PROGRESS?: any, ON_HOLD?: any, OPEN?: any, RESOLVED?: any }, ResolversTypes['HelpStatus']>;

export type HelpStatusCountResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpStatusCount'] = ResolversParentTypes['HelpStatusCount']> = ResolversObject<{
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['HelpStatus'], ParentType, ContextType>;
}>;

export type HelpTagCountResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpTagCount'] = ResolversParentTypes['HelpTagCount']> = ResolversObject<{
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  tag?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpTriggerResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpTrigger'] = ResolversParentTypes['HelpTrigger']> = ResolversObject<{
  actions?: Resolver<Array<ResolversTypes['HelpRuleAction']>, ParentType, ContextType>;
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  conditions?: Resolver<ResolversTypes['HelpRuleConditions'], ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['HelpRuleEvent']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  position?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type HelpWebhookResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpWebhook'] = ResolversParentTypes['HelpWebhook']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  disabledReason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  droppedEvents?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  droppedSince?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['HelpRuleEvent']>, ParentType, ContextType>;
  failingSince?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type HelpWebhookDeliveryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpWebhookDelivery'] = ResolversParentTypes['HelpWebhookDelivery']> = ResolversObject<{
  attempts?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  deliveredAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  eventType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  messageId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nextAttemptAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['HelpWebhookDeliveryState'], ParentType, ContextType>;
}>;

export type HelpWebhookDeliveryConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpWebhookDeliveryConnection'] = ResolversParentTypes['HelpWebhookDeliveryConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['HelpWebhookDeliveryEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
}>;

export type HelpWebhookDeliveryEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpWebhookDeliveryEdge'] = ResolversParentTypes['HelpWebhookDeliveryEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['HelpWebhookDelivery'], ParentType, ContextType>;
}>;

export type HelpWebhookDeliveryStateResolvers = EnumResolverSignature<{ FAILED?: any, PENDING?: any, SENDING?: any, SENT?: any }, ResolversTypes['HelpWebhookDeliveryState']>;

export type HelpWebhookSecretPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['HelpWebhookSecretPayload'] = ResolversParentTypes['HelpWebhookSecretPayload']> = ResolversObject<{
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  webhook?: Resolver<ResolversTypes['HelpWebhook'], ParentType, ContextType>;
}>;

export type HelpWeekdayResolvers = EnumResolverSignature<{ FRIDAY?: any, MONDAY?: any, SATURDAY?: any, SUNDAY?: any, THURSDAY?: any, TUESDAY?: any, WEDNESDAY?: any }, ResolversTypes['HelpWeekday']>;

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type MutationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  addFileMapping?: Resolver<ResolversTypes['FileMapping'], ParentType, ContextType, RequireFields<MutationAddFileMappingArgs, 'input'>>;
  addHelpRequestAttachments?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType, RequireFields<MutationAddHelpRequestAttachmentsArgs, 'id' | 'tokens'>>;
  addUserToGroup?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationAddUserToGroupArgs, 'groupId' | 'userId'>>;
  applyHelpMacro?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType, RequireFields<MutationApplyHelpMacroArgs, 'macroId' | 'requestId'>>;
  blockHelpContact?: Resolver<ResolversTypes['HelpContact'], ParentType, ContextType, RequireFields<MutationBlockHelpContactArgs, 'blocked' | 'id'>>;
  confirmHelpAgentAddress?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationConfirmHelpAgentAddressArgs, 'token'>>;
  createFaq?: Resolver<ResolversTypes['Faq'], ParentType, ContextType, RequireFields<MutationCreateFaqArgs, 'input'>>;
  createGroup?: Resolver<ResolversTypes['Group'], ParentType, ContextType, RequireFields<MutationCreateGroupArgs, 'input'>>;
  createHelpAutomation?: Resolver<ResolversTypes['HelpAutomation'], ParentType, ContextType, RequireFields<MutationCreateHelpAutomationArgs, 'input'>>;
  createHelpMacro?: Resolver<ResolversTypes['HelpMacro'], ParentType, ContextType, RequireFields<MutationCreateHelpMacroArgs, 'input'>>;
  createHelpRequest?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType, RequireFields<MutationCreateHelpRequestArgs, 'input'>>;
  createHelpSchedule?: Resolver<ResolversTypes['HelpSchedule'], ParentType, ContextType, RequireFields<MutationCreateHelpScheduleArgs, 'input'>>;
  createHelpTrigger?: Resolver<ResolversTypes['HelpTrigger'], ParentType, ContextType, RequireFields<MutationCreateHelpTriggerArgs, 'input'>>;
  createHelpWebhook?: Resolver<ResolversTypes['HelpWebhookSecretPayload'], ParentType, ContextType, RequireFields<MutationCreateHelpWebhookArgs, 'input'>>;
  createUser?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationCreateUserArgs, 'input'>>;
  deleteFaq?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteFaqArgs, 'id'>>;
  deleteGroup?: Resolver<ResolversTypes['ID'], ParentType, ContextType, RequireFields<MutationDeleteGroupArgs, 'id'>>;
  deleteHelpAutomation?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteHelpAutomationArgs, 'id'>>;
  deleteHelpMacro?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteHelpMacroArgs, 'id'>>;
  deleteHelpRequest?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteHelpRequestArgs, 'id'>>;
  deleteHelpSchedule?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteHelpScheduleArgs, 'id'>>;
  deleteHelpTrigger?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteHelpTriggerArgs, 'id'>>;
  deleteHelpWebhook?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteHelpWebhookArgs, 'id'>>;
  deleteUser?: Resolver<ResolversTypes['ID'], ParentType, ContextType, RequireFields<MutationDeleteUserArgs, 'force' | 'id'>>;
  discardHeldMail?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDiscardHeldMailArgs, 'id'>>;
  importWorkspaceRegistry?: Resolver<Array<ResolversTypes['WorkspaceRegistryEntry']>, ParentType, ContextType, RequireFields<MutationImportWorkspaceRegistryArgs, 'entries'>>;
  installWorkspace?: Resolver<ResolversTypes['Workspace'], ParentType, ContextType, RequireFields<MutationInstallWorkspaceArgs, 'entryId'>>;
  linkHelpContact?: Resolver<ResolversTypes['HelpContact'], ParentType, ContextType, RequireFields<MutationLinkHelpContactArgs, 'id'>>;
  login?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'password' | 'username'>>;
  logout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  logoutUser?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationLogoutUserArgs, 'id'>>;
  rateHelpRequest?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType, RequireFields<MutationRateHelpRequestArgs, 'id' | 'score'>>;
  redeliverHelpWebhook?: Resolver<ResolversTypes['HelpWebhookDelivery'], ParentType, ContextType, RequireFields<MutationRedeliverHelpWebhookArgs, 'deliveryId'>>;
  releaseHeldMail?: Resolver<ResolversTypes['HelpReleasedMail'], ParentType, ContextType, RequireFields<MutationReleaseHeldMailArgs, 'id'>>;
  removeFileMapping?: Resolver<ResolversTypes['ID'], ParentType, ContextType, RequireFields<MutationRemoveFileMappingArgs, 'id'>>;
  removeHelpAttachment?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveHelpAttachmentArgs, 'id'>>;
  removeUserFromGroup?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationRemoveUserFromGroupArgs, 'groupId' | 'userId'>>;
  reorderHelpTriggers?: Resolver<Array<ResolversTypes['HelpTrigger']>, ParentType, ContextType, RequireFields<MutationReorderHelpTriggersArgs, 'ids'>>;
  replyToHelpRequest?: Resolver<ResolversTypes['HelpReplyResult'], ParentType, ContextType, RequireFields<MutationReplyToHelpRequestArgs, 'id' | 'input'>>;
  respondToHelpRequest?: Resolver<ResolversTypes['HelpResponse'], ParentType, ContextType, RequireFields<MutationRespondToHelpRequestArgs, 'id' | 'input'>>;
  revokeSession?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRevokeSessionArgs, 'id'>>;
  rotateHelpWebhookSecret?: Resolver<ResolversTypes['HelpWebhookSecretPayload'], ParentType, ContextType, RequireFields<MutationRotateHelpWebhookSecretArgs, 'id'>>;
  setGroupAllowedWorkspaces?: Resolver<ResolversTypes['Group'], ParentType, ContextType, RequireFields<MutationSetGroupAllowedWorkspacesArgs, 'groupId' | 'workspaceIds'>>;
  uninstallWorkspace?: Resolver<ResolversTypes['ID'], ParentType, ContextType, RequireFields<MutationUninstallWorkspaceArgs, 'id'>>;
  updateFaq?: Resolver<ResolversTypes['Faq'], ParentType, ContextType, RequireFields<MutationUpdateFaqArgs, 'id' | 'input'>>;
  updateFileMapping?: Resolver<ResolversTypes['FileMapping'], ParentType, ContextType, RequireFields<MutationUpdateFileMappingArgs, 'id' | 'input'>>;
  updateGroup?: Resolver<ResolversTypes['Group'], ParentType, ContextType, RequireFields<MutationUpdateGroupArgs, 'id' | 'input'>>;
  updateHelpAgentNotifications?: Resolver<ResolversTypes['HelpAgentNotifications'], ParentType, ContextType, RequireFields<MutationUpdateHelpAgentNotificationsArgs, 'input'>>;
  updateHelpAutomation?: Resolver<ResolversTypes['HelpAutomation'], ParentType, ContextType, RequireFields<MutationUpdateHelpAutomationArgs, 'id' | 'input'>>;
  updateHelpContact?: Resolver<ResolversTypes['HelpContact'], ParentType, ContextType, RequireFields<MutationUpdateHelpContactArgs, 'id' | 'input'>>;
  updateHelpMacro?: Resolver<ResolversTypes['HelpMacro'], ParentType, ContextType, RequireFields<MutationUpdateHelpMacroArgs, 'id' | 'input'>>;
  updateHelpRequest?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType, RequireFields<MutationUpdateHelpRequestArgs, 'id' | 'input'>>;
  updateHelpSchedule?: Resolver<ResolversTypes['HelpSchedule'], ParentType, ContextType, RequireFields<MutationUpdateHelpScheduleArgs, 'id' | 'input'>>;
  updateHelpSlaPolicy?: Resolver<ResolversTypes['HelpSlaPolicy'], ParentType, ContextType, RequireFields<MutationUpdateHelpSlaPolicyArgs, 'input' | 'priority'>>;
  updateHelpTrigger?: Resolver<ResolversTypes['HelpTrigger'], ParentType, ContextType, RequireFields<MutationUpdateHelpTriggerArgs, 'id' | 'input'>>;
  updateUser?: Resolver<ResolversTypes['User'], ParentType, ContextType, RequireFields<MutationUpdateUserArgs, 'id' | 'input'>>;
  updateUserAttributes?: Resolver<ResolversTypes['UserAttributes'], ParentType, ContextType, RequireFields<MutationUpdateUserAttributesArgs, 'input' | 'userId'>>;
  updateWorkspaceSettings?: Resolver<ResolversTypes['WorkspaceSettings'], ParentType, ContextType, RequireFields<MutationUpdateWorkspaceSettingsArgs, 'input'>>;
}>;

export type PageInfoResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  hasPreviousPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  startCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  auditEvents?: Resolver<ResolversTypes['AuditEventConnection'], ParentType, ContextType, Partial<QueryAuditEventsArgs>>;
  earthquakeRisk?: Resolver<ResolversTypes['EarthquakeRisk'], ParentType, ContextType, RequireFields<QueryEarthquakeRiskArgs, 'zip'>>;
  faqs?: Resolver<ResolversTypes['FaqList'], ParentType, ContextType, Partial<QueryFaqsArgs>>;
  group?: Resolver<Maybe<ResolversTypes['Group']>, ParentType, ContextType, RequireFields<QueryGroupArgs, 'id'>>;
  groups?: Resolver<Array<ResolversTypes['Group']>, ParentType, ContextType>;
  health?: Resolver<ResolversTypes['Health'], ParentType, ContextType>;
  helpAgentNotifications?: Resolver<ResolversTypes['HelpAgentNotifications'], ParentType, ContextType>;
  helpAutomations?: Resolver<Array<ResolversTypes['HelpAutomation']>, ParentType, ContextType>;
  helpContacts?: Resolver<ResolversTypes['HelpContactConnection'], ParentType, ContextType, Partial<QueryHelpContactsArgs>>;
  helpHeldMail?: Resolver<ResolversTypes['HelpHeldMailConnection'], ParentType, ContextType, Partial<QueryHelpHeldMailArgs>>;
  helpMacros?: Resolver<Array<ResolversTypes['HelpMacro']>, ParentType, ContextType>;
  helpRequest?: Resolver<ResolversTypes['HelpRequest'], ParentType, ContextType, RequireFields<QueryHelpRequestArgs, 'id'>>;
  helpRequests?: Resolver<ResolversTypes['HelpRequestPage'], ParentType, ContextType, RequireFields<QueryHelpRequestsArgs, 'page' | 'perPage' | 'sortBy' | 'sortOrder'>>;
  helpRequestsConnection?: Resolver<ResolversTypes['HelpRequestConnection'], ParentType, ContextType, RequireFields<QueryHelpRequestsConnectionArgs, 'sortBy' | 'sortOrder'>>;
  helpSchedules?: Resolver<Array<ResolversTypes['HelpSchedule']>, ParentType, ContextType>;
  helpSearch?: Resolver<ResolversTypes['HelpSearchResult'], ParentType, ContextType, RequireFields<QueryHelpSearchArgs, 'q'>>;
  helpSlaPolicies?: Resolver<Array<ResolversTypes['HelpSlaPolicy']>, ParentType, ContextType>;
  helpStatistics?: Resolver<ResolversTypes['HelpStatistics'], ParentType, ContextType>;
  helpTriggers?: Resolver<Array<ResolversTypes['HelpTrigger']>, ParentType, ContextType>;
  helpWebhookDeliveries?: Resolver<ResolversTypes['HelpWebhookDeliveryConnection'], ParentType, ContextType, RequireFields<QueryHelpWebhookDeliveriesArgs, 'webhookId'>>;
  helpWebhooks?: Resolver<Array<ResolversTypes['HelpWebhook']>, ParentType, ContextType>;
  me?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
  mySessions?: Resolver<Array<ResolversTypes['Session']>, ParentType, ContextType>;
  myWorkspaces?: Resolver<Array<ResolversTypes['Workspace']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType, Partial<QueryUserArgs>>;
  users?: Resolver<ResolversTypes['UserPage'], ParentType, ContextType, RequireFields<QueryUsersArgs, 'limit' | 'offset'>>;
  usersConnection?: Resolver<ResolversTypes['UserConnection'], ParentType, ContextType, Partial<QueryUsersConnectionArgs>>;
  validateCredentials?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  wildfireRisk?: Resolver<ResolversTypes['WildfireRisk'], ParentType, ContextType, RequireFields<QueryWildfireRiskArgs, 'zip'>>;
  workspaceRegistry?: Resolver<Array<ResolversTypes['WorkspaceRegistryEntry']>, ParentType, ContextType, RequireFields<QueryWorkspaceRegistryArgs, 'compatibleOnly'>>;
  workspaceSettings?: Resolver<ResolversTypes['WorkspaceSettings'], ParentType, ContextType>;
  workspaces?: Resolver<Array<ResolversTypes['Workspace']>, ParentType, ContextType>;
}>;

export type RiskLevelResolvers = EnumResolverSignature<{ HIGH?: any, LOW?: any, MEDIUM?: any }, ResolversTypes['RiskLevel']>;

export type RoleResolvers = EnumResolverSignature<{ ADMIN?: any, USER?: any }, ResolversTypes['Role']>;

export type SessionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Session'] = ResolversParentTypes['Session']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  current?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastSeenAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  userAgent?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  helpRequestChanged?: SubscriptionResolver<ResolversTypes['HelpRequestChange'], "helpRequestChanged", ParentType, ContextType, Partial<SubscriptionHelpRequestChangedArgs>>;
}>;

export type ThemeResolvers = EnumResolverSignature<{ DARK?: any, LIGHT?: any }, ResolversTypes['Theme']>;

export type UserResolvers<ContextType = Context, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = ResolversObject<{
  attributes?: Resolver<ResolversTypes['UserAttributes'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  disabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  groups?: Resolver<Array<ResolversTypes['Group']>, ParentType, ContextType>;
  helpRequests?: Resolver<ResolversTypes['HelpRequestConnection'], ParentType, ContextType, RequireFields<UserHelpRequestsArgs, 'sortBy' | 'sortOrder'>>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastSession?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  locked?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  role?: Resolver<ResolversTypes['Role'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type UserAttributesResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UserAttributes'] = ResolversParentTypes['UserAttributes']> = ResolversObject<{
  autoLoginKasm?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  defaultImage?: Resolver<Maybe<ResolversTypes['Workspace']>, ParentType, ContextType>;
  preferredLanguage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  preferredTimezone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  showTips?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sshPublicKey?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  theme?: Resolver<ResolversTypes['Theme'], ParentType, ContextType>;
  toggleControlPanel?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type UserConnectionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UserConnection'] = ResolversParentTypes['UserConnection']> = ResolversObject<{
  edges?: Resolver<Array<ResolversTypes['UserEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type UserEdgeResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UserEdge'] = ResolversParentTypes['UserEdge']> = ResolversObject<{
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['User'], ParentType, ContextType>;
}>;

export type UserPageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UserPage'] = ResolversParentTypes['UserPage']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  users?: Resolver<Array<ResolversTypes['User']>, ParentType, ContextType>;
}>;

export type WildfireComponentsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WildfireComponents'] = ResolversParentTypes['WildfireComponents']> = ResolversObject<{
  fireActivity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  vegetation?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  weather?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type WildfireDataStatusResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WildfireDataStatus'] = ResolversParentTypes['WildfireDataStatus']> = ResolversObject<{
  fire?: Resolver<ResolversTypes['DataStatus'], ParentType, ContextType>;
}>;

export type WildfireRiskResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WildfireRisk'] = ResolversParentTypes['WildfireRisk']> = ResolversObject<{
  components?: Resolver<ResolversTypes['WildfireComponents'], ParentType, ContextType>;
  coordinates?: Resolver<ResolversTypes['Coordinates'], ParentType, ContextType>;
  dataStatus?: Resolver<ResolversTypes['WildfireDataStatus'], ParentType, ContextType>;
  lastUpdated?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  recentFires?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  riskLevel?: Resolver<ResolversTypes['RiskLevel'], ParentType, ContextType>;
  riskScore?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  vegetationRisk?: Resolver<ResolversTypes['RiskLevel'], ParentType, ContextType>;
  weatherRisk?: Resolver<ResolversTypes['RiskLevel'], ParentType, ContextType>;
  zipCode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type WorkspaceResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Workspace'] = ResolversParentTypes['Workspace']> = ResolversObject<{
  allowedGroups?: Resolver<Array<ResolversTypes['Group']>, ParentType, ContextType>;
  cores?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  entry?: Resolver<ResolversTypes['WorkspaceRegistryEntry'], ParentType, ContextType>;
  friendlyName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  installedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  memory?: Resolver<ResolversTypes['BigInt'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type WorkspaceExecActionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WorkspaceExecAction'] = ResolversParentTypes['WorkspaceExecAction']> = ResolversObject<{
  cmd?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type WorkspaceExecConfigResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WorkspaceExecConfig'] = ResolversParentTypes['WorkspaceExecConfig']> = ResolversObject<{
  assign?: Resolver<Maybe<ResolversTypes['WorkspaceExecAction']>, ParentType, ContextType>;
  go?: Resolver<Maybe<ResolversTypes['WorkspaceExecAction']>, ParentType, ContextType>;
}>;

export type WorkspaceRegistryEntryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WorkspaceRegistryEntry'] = ResolversParentTypes['WorkspaceRegistryEntry']> = ResolversObject<{
  architecture?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  categories?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  compatibility?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  compatible?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dockerRegistry?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  execConfig?: Resolver<Maybe<ResolversTypes['WorkspaceExecConfig']>, ParentType, ContextType>;
  friendlyName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  imageSrc?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  installed?: Resolver<Maybe<ResolversTypes['Workspace']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  runConfig?: Resolver<Maybe<ResolversTypes['WorkspaceRunConfig']>, ParentType, ContextType>;
  uncompressedSizeMb?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type WorkspaceRunConfigResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WorkspaceRunConfig'] = ResolversParentTypes['WorkspaceRunConfig']> = ResolversObject<{
  hostname?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type WorkspaceSettingsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WorkspaceSettings'] = ResolversParentTypes['WorkspaceSettings']> = ResolversObject<{
  agentCpuCores?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  agentMemoryBytes?: Resolver<ResolversTypes['BigInt'], ParentType, ContextType>;
  fileMappings?: Resolver<Array<ResolversTypes['FileMapping']>, ParentType, ContextType>;
  persistentProfilePath?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  zoneProxyPort?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = Context> = ResolversObject<{
  AreaRisk?: AreaRiskResolvers<ContextType>;
  AuditAction?: AuditActionResolvers;
  AuditActor?: AuditActorResolvers<ContextType>;
  AuditActorType?: AuditActorTypeResolvers;
  AuditChange?: AuditChangeResolvers<ContextType>;
  AuditEvent?: AuditEventResolvers<ContextType>;
  AuditEventConnection?: AuditEventConnectionResolvers<ContextType>;
  AuditEventEdge?: AuditEventEdgeResolvers<ContextType>;
  AuditTarget?: AuditTargetResolvers<ContextType>;
  AuditTargetType?: AuditTargetTypeResolvers;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  BigInt?: GraphQLScalarType;
  Coordinates?: CoordinatesResolvers<ContextType>;
  DataStatus?: DataStatusResolvers;
  DateTime?: GraphQLScalarType;
  EarthquakeComponents?: EarthquakeComponentsResolvers<ContextType>;
  EarthquakeDataStatus?: EarthquakeDataStatusResolvers<ContextType>;
  EarthquakeRisk?: EarthquakeRiskResolvers<ContextType>;
  Faq?: FaqResolvers<ContextType>;
  FaqGroup?: FaqGroupResolvers<ContextType>;
  FaqList?: FaqListResolvers<ContextType>;
  FileMapping?: FileMappingResolvers<ContextType>;
  Group?: GroupResolvers<ContextType>;
  Health?: HealthResolvers<ContextType>;
  HelpAgentNotificationEvent?: HelpAgentNotificationEventResolvers;
  HelpAgentNotifications?: HelpAgentNotificationsResolvers<ContextType>;
  HelpAttachment?: HelpAttachmentResolvers<ContextType>;
  HelpAutomation?: HelpAutomationResolvers<ContextType>;
  HelpCategory?: HelpCategoryResolvers;
  HelpCategoryCount?: HelpCategoryCountResolvers<ContextType>;
  HelpContact?: HelpContactResolvers<ContextType>;
  HelpContactConnection?: HelpContactConnectionResolvers<ContextType>;
  HelpContactEdge?: HelpContactEdgeResolvers<ContextType>;
  HelpHeldMail?: HelpHeldMailResolvers<ContextType>;
  HelpHeldMailCause?: HelpHeldMailCauseResolvers;
  HelpHeldMailConnection?: HelpHeldMailConnectionResolvers<ContextType>;
  HelpHeldMailEdge?: HelpHeldMailEdgeResolvers<ContextType>;
  HelpHistoryAction?: HelpHistoryActionResolvers;
  HelpMacro?: HelpMacroResolvers<ContextType>;
  HelpMailDelivery?: HelpMailDeliveryResolvers<ContextType>;
  HelpMailDeliveryState?: HelpMailDeliveryStateResolvers;
  HelpMessage?: HelpMessageResolvers<ContextType>;
  HelpMessageAuthorRole?: HelpMessageAuthorRoleResolvers;
  HelpMessageChannel?: HelpMessageChannelResolvers;
  HelpMessageConnection?: HelpMessageConnectionResolvers<ContextType>;
  HelpMessageEdge?: HelpMessageEdgeResolvers<ContextType>;
  HelpMessageVisibility?: HelpMessageVisibilityResolvers;
  HelpPagination?: HelpPaginationResolvers<ContextType>;
  HelpPriority?: HelpPriorityResolvers;
  HelpPriorityCount?: HelpPriorityCountResolvers<ContextType>;
  HelpReleasedMail?: HelpReleasedMailResolvers<ContextType>;
  HelpReplyResult?: HelpReplyResultResolvers<ContextType>;
  HelpRequest?: HelpRequestResolvers<ContextType>;
  HelpRequestChange?: HelpRequestChangeResolvers<ContextType>;
  HelpRequestChangeKind?: HelpRequestChangeKindResolvers;
  HelpRequestConnection?: HelpRequestConnectionResolvers<ContextType>;
  HelpRequestEdge?: HelpRequestEdgeResolvers<ContextType>;
  HelpRequestHistoryEntry?: HelpRequestHistoryEntryResolvers<ContextType>;
  HelpRequestPage?: HelpRequestPageResolvers<ContextType>;
  HelpRequestSla?: HelpRequestSlaResolvers<ContextType>;
  HelpRequestSortField?: HelpRequestSortFieldResolvers;
  HelpRequestStatistics?: HelpRequestStatisticsResolvers<ContextType>;
  HelpResponse?: HelpResponseResolvers<ContextType>;
  HelpResponseStatistics?: HelpResponseStatisticsResolvers<ContextType>;
  HelpRuleAction?: HelpRuleActionResolvers<ContextType>;
  HelpRuleActionType?: HelpRuleActionTypeResolvers;
  HelpRuleCondition?: HelpRuleConditionResolvers<ContextType>;
  HelpRuleConditionField?: HelpRuleConditionFieldResolvers;
  HelpRuleConditionOperator?: HelpRuleConditionOperatorResolvers;
  HelpRuleConditions?: HelpRuleConditionsResolvers<ContextType>;
  HelpRuleEvent?: HelpRuleEventResolvers;
  HelpSatisfaction?: HelpSatisfactionResolvers<ContextType>;
  HelpSchedule?: HelpScheduleResolvers<ContextType>;
  HelpScheduleHoliday?: HelpScheduleHolidayResolvers<ContextType>;
  HelpScheduleInterval?: HelpScheduleIntervalResolvers<ContextType>;
  HelpSearchResult?: HelpSearchResultResolvers<ContextType>;
  HelpServiceLevelStatistics?: HelpServiceLevelStatisticsResolvers<ContextType>;
  HelpSlaPolicy?: HelpSlaPolicyResolvers<ContextType>;
  HelpSortOrder?: HelpSortOrderResolvers;
  HelpStatistics?: HelpStatisticsResolvers<ContextType>;
  HelpStatus?: HelpStatusResolvers;
  HelpStatusCount?: HelpStatusCountResolvers<ContextType>;
  HelpTagCount?: HelpTagCountResolvers<ContextType>;
  HelpTrigger?: HelpTriggerResolvers<ContextType>;
  HelpWebhook?: HelpWebhookResolvers<ContextType>;
  HelpWebhookDelivery?: HelpWebhookDeliveryResolvers<ContextType>;
  HelpWebhookDeliveryConnection?: HelpWebhookDeliveryConnectionResolvers<ContextType>;
  HelpWebhookDeliveryEdge?: HelpWebhookDeliveryEdgeResolvers<ContextType>;
  HelpWebhookDeliveryState?: HelpWebhookDeliveryStateResolvers;
  HelpWebhookSecretPayload?: HelpWebhookSecretPayloadResolvers<ContextType>;
  HelpWeekday?: HelpWeekdayResolvers;
  JSON?: GraphQLScalarType;
  Mutation?: MutationResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RiskLevel?: RiskLevelResolvers;
  Role?: RoleResolvers;
  Session?: SessionResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  Theme?: ThemeResolvers;
  User?: UserResolvers<ContextType>;
  UserAttributes?: UserAttributesResolvers<ContextType>;
  UserConnection?: UserConnectionResolvers<ContextType>;
  UserEdge?: UserEdgeResolvers<ContextType>;
  UserPage?: UserPageResolvers<ContextType>;
  WildfireComponents?: WildfireComponentsResolvers<ContextType>;
  WildfireDataStatus?: WildfireDataStatusResolvers<ContextType>;
  WildfireRisk?: WildfireRiskResolvers<ContextType>;
  Workspace?: WorkspaceResolvers<ContextType>;
  WorkspaceExecAction?: WorkspaceExecActionResolvers<ContextType>;
  WorkspaceExecConfig?: WorkspaceExecConfigResolvers<ContextType>;
  WorkspaceRegistryEntry?: WorkspaceRegistryEntryResolvers<ContextType>;
  WorkspaceRunConfig?: WorkspaceRunConfigResolvers<ContextType>;
  WorkspaceSettings?: WorkspaceSettingsResolvers<ContextType>;
}>;
