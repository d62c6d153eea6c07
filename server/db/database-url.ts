/** `postgres://…` or `postgresql://…` selects PostgreSQL; anything else is a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//.test(target);
}
