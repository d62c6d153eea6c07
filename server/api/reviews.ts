/**
 * GET /api/reviews/birdeye and /api/reviews/summary: the review feed the product pages use
 * for their schema, read from the demo data (content folder data/reviews.json) at start.
 * Feed entries carry rating, reviewer nickname, rdate and comments; the summary avgRating and
 * reviewCount.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import { reviewFeedEndpoint, reviewSummaryEndpoint } from '../../schemas/api/catalog';
import { checkRequest } from '../http/contract';
import { isRecord } from '../services/request-input';

export interface FeedReview {
  reviewId: string;
  rating: number;
  reviewer: { nickname: string; location?: string; thumbnailUrl?: string };
  rdate: string;
  comments: string;
  sourceType: string;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Accepts the feed shape or the display shape (name, rating, platform, location, reviewText). */
export function readReviews(contentDir: string): FeedReview[] {
  const file = path.join(contentDir, 'data', 'reviews.json');
  if (!fs.existsSync(file)) return [];
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const list: unknown[] = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.reviews) ? data.reviews : [];
  const out: FeedReview[] = [];
  list.forEach((r, i) => {
    if (!isRecord(r)) return;
    const rating = Number(r.rating);
    if (!Number.isFinite(rating) || rating < 0 || rating > 5) return;
    const reviewer = isRecord(r.reviewer) ? r.reviewer : {};
    out.push({
      reviewId: str(r.id ?? r.reviewId) || String(i + 1),
      rating,
      reviewer: {
        nickname: str(reviewer.nickname ?? r.name ?? r.author) || 'Customer',
        ...(str(r.location) ? { location: str(r.location) } : {}),
        ...(str(r.profilePicture) ? { thumbnailUrl: str(r.profilePicture) } : {}),
      },
      rdate: str(r.rdate ?? r.date ?? r.publishDate),
      comments: str(r.comments ?? r.reviewText ?? r.text),
      sourceType: str(r.platform ?? r.sourceType) || 'Our Website',
    });
  });
  return out;
}

export function reviewRoutes(router: Router, contentDir: string): void {
  const reviews = readReviews(contentDir);
  const count = reviews.length;
  const avg = count ? Math.round((reviews.reduce((a, r) => a + r.rating, 0) / count) * 10) / 10 : 0;
  router.get(reviewFeedEndpoint.path, (ctx) => {
    checkRequest(reviewFeedEndpoint, ctx);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = reviews;
  });
  router.get(reviewSummaryEndpoint.path, (ctx) => {
    checkRequest(reviewSummaryEndpoint, ctx);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { avgRating: avg, reviewCount: count };
  });
}
