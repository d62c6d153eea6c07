import type { FromSchema } from 'json-schema-to-ts';

/**
 * The newsletter confirmation page's block (double opt-in): the page the link of the
 * confirmation e-mail opens. It confirms the sign-up of the route's `confirmationToken` with the
 * server and says so. The texts and failure messages come from this configuration; each has a default.
 */
export const newsletterConfirmBlockSchema = {
  type: 'object',
  title: 'Newsletter confirmation block',
  description: "Confirms the newsletter sign-up of the link's token (route parameter confirmationToken) and says that the subscription is confirmed.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'newsletter-confirm', description: 'Block type: newsletter-confirm.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "Heading. Default 'Newsletter subscription'." },
    confirmedText: { title: 'Confirmed text', type: 'string', minLength: 1, description: "Shown once confirmed; {email} is the masked address. Default 'Your subscription to our newsletter is confirmed.'" },
    text: { title: 'Text', type: 'string', description: 'Text under the confirmation (e.g. what the newsletter brings).' },
    messages: {
      type: 'object',
      title: 'Failure messages',
      description: 'What the page says when the link cannot confirm.',
      additionalProperties: false,
      properties: {
        notFound: { title: 'Not found', type: 'string', minLength: 1, description: "The link matches no sign-up. Default 'This confirmation link is not valid.'" },
        expired: { title: 'Expired', type: 'string', minLength: 1, description: "The link is too old, or was used and the address unsubscribed since. Default 'This confirmation link has expired. Please sign up again to receive a new one.'" },
        failed: { title: 'Failed', type: 'string', minLength: 1, description: "The server could not be reached. Default 'We could not confirm your subscription just now. Please try again later.'" },
      },
    },
  },
} as const;

export type NewsletterConfirmBlock = FromSchema<typeof newsletterConfirmBlockSchema>;
