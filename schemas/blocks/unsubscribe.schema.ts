import type { FromSchema } from 'json-schema-to-ts';

/**
 * The newsletter unsubscribe page's block: reads the subscription of the
 * route's `unsubscribeToken` and toggles it with one button. The texts and the failure messages come
 * from this configuration; each has a default.
 */
export const unsubscribeBlockSchema = {
  type: 'object',
  title: 'Newsletter unsubscribe block',
  description: "Unsubscribes the address of the link's token (route parameter unsubscribeToken) from the newsletter; the button toggles between unsubscribe and subscribe again.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'newsletter-unsubscribe', description: 'Block type: newsletter-unsubscribe.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: "Heading. Default 'Unsubscribe from the newsletter'." },
    text: { title: 'Text', type: 'string', description: 'Text under the heading, before the button.' },
    subscribedText: { title: 'Subscribed text', type: 'string', minLength: 1, description: "Shown while the address is subscribed; {email} is the masked address. Default '{email} is subscribed to our newsletter.'" },
    unsubscribedText: { title: 'Unsubscribed text', type: 'string', minLength: 1, description: "Shown once it is unsubscribed. Default '{email} will no longer receive our newsletter.'" },
    unsubscribeButton: { title: 'Unsubscribe button', type: 'string', minLength: 1, description: "Button text while subscribed. Default 'Unsubscribe'." },
    resubscribeButton: { title: 'Resubscribe button', type: 'string', minLength: 1, description: "Button text once unsubscribed. Default 'Subscribe again'." },
    messages: {
      type: 'object',
      title: 'Failure messages',
      description: 'What the page says when the change cannot be made.',
      additionalProperties: false,
      properties: {
        notFound: { title: 'Not found', type: 'string', minLength: 1, description: "The token matches no subscription. Default 'This unsubscribe link is not valid: no subscription has this token.'" },
        unsubscribeFailed: { title: 'Unsubscribe failed', type: 'string', minLength: 1, description: "Unsubscribing failed. Default 'We could not unsubscribe you. Please try again later.'" },
        resubscribeFailed: { title: 'Resubscribe failed', type: 'string', minLength: 1, description: "Subscribing again failed. Default 'We could not subscribe you again. Please try again later.'" },
        loadFailed: { title: 'Load failed', type: 'string', minLength: 1, description: "The subscription could not be read. Default 'We could not load your subscription. Please try again later.'" },
      },
    },
  },
} as const;

export type UnsubscribeBlock = FromSchema<typeof unsubscribeBlockSchema>;
