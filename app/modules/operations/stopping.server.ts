/**
 * Set once the process begins to stop (SIGTERM, SIGINT). What holds a response open for long
 * (the live-count stream) ends it on this signal, so that the stop does not wait for it.
 */
const stopping = new AbortController();

export const stoppingSignal: AbortSignal = stopping.signal;

export function beginStopping(): void {
  stopping.abort();
}
