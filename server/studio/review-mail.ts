/**
 * The e-mail an author of a change gets when it is published or sent back, when they asked for it
 * on submitting: what happened, the publisher's comment, and a link to the change in the studio.
 * Queued through the outbox (../mail/outbox.ts) like every mail of the store.
 */
import { enqueueMail } from '../mail/outbox';
import { noticeMail, type RenderedMail } from '../mail/mail-templates';
import type { Queries } from '../db/queries';
import type { Review } from './review-store';

/** The first line of a note, shortened: what a change is called in a subject or a list. */
export function changeTitle(note: string): string {
  const line = note.trim().split('\n')[0]!.trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

export function renderReviewMail(review: Review, decision: { kind: 'sent_back' | 'published'; by: string; comment: string; version?: number }, link: string): RenderedMail {
  const files = review.files.map((f) => f.path).join(', ');
  const title = changeTitle(review.note);
  if (decision.kind === 'sent_back') {
    return noticeMail(
      `Your change was sent back: ${title}`,
      [`${decision.by} sent back your change of ${files}.`, `Their comment: ${decision.comment}`, 'Fix your drafts in the studio, then submit the change again.'],
      { href: link, text: 'Open the change in the studio' },
    );
  }
  return noticeMail(
    `Your change is published: ${title}`,
    [`${decision.by} published your change of ${files}${decision.version ? ` as version ${decision.version}` : ''}. Visitors see it now.`, ...(decision.comment ? [`Their message: ${decision.comment}`] : [])],
    { href: link, text: 'Open the change in the studio' },
  );
}

/** Queues the mail to the author, when they asked for it; one per decision. */
export async function mailAuthor(q: Queries, publicUrl: string, review: Review, decision: Parameters<typeof renderReviewMail>[1], eventKey: string): Promise<void> {
  if (!review.notifyEmail) return;
  const link = new URL(`/studio/reviews/${review.id}`, publicUrl).toString();
  await enqueueMail(q, { type: 'studio-review', orderId: null, recipient: review.author, cc: [], dedupeKey: `studio-review:${review.id}:${eventKey}`, ...renderReviewMail(review, decision, link) });
}
