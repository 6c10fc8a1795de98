import { graphql } from '../../platform/rest/generated/index.js';

/*
 * The help desk's stored GraphQL documents. Aliases give the legacy snake_case names; the fragments are spread by
 * name, and codegen appends them to each document (src/platform/rest/generated).
 */

export const REQUEST_FIELDS = graphql(`
  fragment LegacyHelpRequest on HelpRequest {
    id
    title
    description
    category
    priority
    contact_email: contactEmail
    zip
    status
    requester_id: requesterId
    assigned_to_id: assignedToId
    admin_notes: adminNotes
    created_date: createdAt
    updated_date: updatedAt
  }
`);
export const RESPONSE_FIELDS = graphql(`
  fragment LegacyHelpResponse on HelpResponse {
    id
    request_id: requestId
    response
    new_status: newStatus
    is_public: isPublic
    responder_id: responderId
    created_date: createdAt
  }
`);
export const FAQ_FIELDS = graphql(`
  fragment LegacyFaq on Faq {
    id
    question
    answer
    category
    tags
    display_order: displayOrder
    is_active: isActive
    created_date: createdAt
    updated_date: updatedAt
  }
`);

export const LIST_REQUESTS = graphql(`
  query LegacyHelpRequests(
    $status: HelpStatus
    $category: HelpCategory
    $priority: HelpPriority
    $page: Int
    $perPage: Int
    $sortBy: HelpRequestSortField
    $sortOrder: HelpSortOrder
  ) {
    page: helpRequests(
      status: $status
      category: $category
      priority: $priority
      page: $page
      perPage: $perPage
      sortBy: $sortBy
      sortOrder: $sortOrder
    ) {
      requests {
        ...LegacyHelpRequest
        requester {
          username
          firstName
          lastName
        }
      }
      pagination {
        page
        pages
        per_page: perPage
        total
        has_next: hasNext
        has_prev: hasPrev
      }
    }
  }
`);
// Fifteen aliases: the most graphql-armor allows a client document (see src/platform/hardening/graphql-limits.ts).
export const GET_REQUEST = graphql(`
  query LegacyHelpRequest($id: Int!) {
    helpRequest(id: $id) {
      ...LegacyHelpRequest
      history {
        action
        field
        old_value: oldValue
        new_value: newValue
        actor_id: actorId
        created_date: createdAt
      }
      responses {
        ...LegacyHelpResponse
      }
    }
  }
`);
export const CREATE_REQUEST = graphql(`
  mutation LegacyCreateHelpRequest($input: CreateHelpRequestInput!) {
    request: createHelpRequest(input: $input) {
      ...LegacyHelpRequest
    }
  }
`);
export const UPDATE_REQUEST = graphql(`
  mutation LegacyUpdateHelpRequest($id: Int!, $input: UpdateHelpRequestInput!) {
    request: updateHelpRequest(id: $id, input: $input) {
      ...LegacyHelpRequest
    }
  }
`);
export const RESPOND = graphql(`
  mutation LegacyRespondToHelpRequest($id: Int!, $input: RespondToHelpRequestInput!) {
    response: respondToHelpRequest(id: $id, input: $input) {
      ...LegacyHelpResponse
    }
  }
`);
export const LIST_FAQS = graphql(`
  query LegacyFaqs($category: HelpCategory, $search: String) {
    faqs(category: $category, search: $search) {
      groups {
        category
        entries {
          ...LegacyFaq
        }
      }
      total_count: totalCount
    }
  }
`);
export const CREATE_FAQ = graphql(`
  mutation LegacyCreateFaq($input: CreateFaqInput!) {
    faq: createFaq(input: $input) {
      ...LegacyFaq
    }
  }
`);
export const UPDATE_FAQ = graphql(`
  mutation LegacyUpdateFaq($id: Int!, $input: UpdateFaqInput!) {
    faq: updateFaq(id: $id, input: $input) {
      ...LegacyFaq
    }
  }
`);
export const DELETE_FAQ = graphql(`
  mutation LegacyDeleteFaq($id: Int!) {
    deleted: deleteFaq(id: $id)
  }
`);
export const SEARCH = graphql(`
  query LegacyHelpSearch($q: String!) {
    result: helpSearch(q: $q) {
      faqs {
        ...LegacyFaq
      }
      help_requests: helpRequests {
        ...LegacyHelpRequest
      }
    }
  }
`);
export const STATISTICS = graphql(`
  query LegacyHelpStatistics {
    statistics: helpStatistics {
      requests {
        total
        open
        by_category: byCategory {
          key: category
          count
        }
        by_status: byStatus {
          key: status
          count
        }
        by_priority: byPriority {
          key: priority
          count
        }
      }
      responses {
        total
        avg_response_time_days: avgResponseTimeDays
      }
    }
  }
`);
