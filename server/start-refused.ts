/**
 * A start or a command that cannot go on for a reason the person running it can fix: a port in
 * use, a database that does not answer or does not exist, a build that is missing. The command
 * line prints the message alone (no stack) and exits 1.
 */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

/** A listen() that failed, in the words of the variable that chose the port. */
export function listenProblem(err: unknown, variable: string, host: string, port: number): Error {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return new StartRefused(`${variable}=${port} is in use by another program on ${host}: stop that program, or set ${variable} to a free port.`);
  if (code === 'EACCES') return new StartRefused(`${variable}=${port} needs privileges this process does not have (ports below 1024): set ${variable} to a port above 1023 and put a proxy in front.`);
  if (code === 'EADDRNOTAVAIL') return new StartRefused(`HOST=${host} is not an address of this machine: set HOST to one of its addresses (127.0.0.1, or 0.0.0.0 for all).`);
  return err instanceof Error ? err : new Error(String(err));
}
