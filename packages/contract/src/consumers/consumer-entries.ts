/* The consumer group's menu entries, zod-free: the route tree (loaded with sign-in) reads them. */

/** cms Consumer: list, detail, edit, actions and export. */
export const CONSUMER_ENTRIES = ['cms.consumer'] as const;
/** cms Member Management (E-commerce): the loyalty memberships of consumers; export_member. */
export const MEMBER_ENTRIES = ['cms.member-management'] as const;
/** cms Associate Loyalty Program: the chain's employees and their staff benefit, by employee number. */
export const ASSOCIATE_ENTRIES = ['cms.associate-loyalty-program'] as const;
