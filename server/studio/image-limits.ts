/**
 * How much of the image library one editor may fill, and how fast: a quota of images and of bytes
 * per editor (counted from the library's rows in the database, so every server sharing it counts
 * the same), and uploads per operator per hour (counted by the shared rate limiter, in the database
 * when several servers share PostgreSQL: ../services/shared-limits.ts). Settings, with defaults:
 *
 * - STUDIO_IMAGE_QUOTA_COUNT: images one editor may have in the library (default 200);
 * - STUDIO_IMAGE_QUOTA_MB: megabytes of those images, as kept (default 200);
 * - STUDIO_IMAGE_UPLOADS_PER_HOUR: uploads one operator may send in an hour (default 60).
 *
 * An image an admin deletes no longer counts against its uploader.
 */
export interface ImageLimits {
  quotaCount: number;
  quotaBytes: number;
  uploadsPerHour: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { quotaCount: 200, quotaBytes: 200 * 1024 * 1024, uploadsPerHour: 60 };

/** 200 MB, 1.5 MB; under a megabyte in kB (20 kB), where 0 MB would say nothing. */
const megabytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} kB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`);

export const quotaCountMessage = (limits: ImageLimits) =>
  `You have uploaded ${limits.quotaCount} images, as many as one editor may keep in the library. Ask an admin to delete images no page uses, then upload again.`;
export const quotaBytesMessage = (limits: ImageLimits, used: number) =>
  `This image would take your uploads past ${megabytes(limits.quotaBytes)}, as much as one editor may keep in the library (yours come to ${megabytes(used)}). Ask an admin to delete images no page uses, then upload again.`;
export const uploadRateMessage = (limits: ImageLimits) => `You have uploaded ${limits.uploadsPerHour} images in the last hour, as many as the studio takes. Wait an hour, then upload again.`;

/** The limits from the environment; a bad value is a problem that stops the start, naming the variable. */
export function imageLimitsFromEnv(env: Record<string, string | undefined>, problems: string[]): ImageLimits {
  const read = (name: string, fallback: number, unit: string): number => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    if (/^\d{1,7}$/.test(value) && Number(value) > 0) return Number(value);
    problems.push(`${name} must be a whole number of ${unit} above 0 such as ${fallback}, got "${value}"`);
    return fallback;
  };
  return {
    quotaCount: read('STUDIO_IMAGE_QUOTA_COUNT', DEFAULT_IMAGE_LIMITS.quotaCount, 'images'),
    quotaBytes: read('STUDIO_IMAGE_QUOTA_MB', DEFAULT_IMAGE_LIMITS.quotaBytes / 1024 / 1024, 'megabytes') * 1024 * 1024,
    uploadsPerHour: read('STUDIO_IMAGE_UPLOADS_PER_HOUR', DEFAULT_IMAGE_LIMITS.uploadsPerHour, 'uploads'),
  };
}
