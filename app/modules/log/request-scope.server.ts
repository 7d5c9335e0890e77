import { AsyncLocalStorage } from "node:async_hooks";

interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs one request's handling with its id in scope: every log line written while it runs, in
 * whatever loader, action or module, carries the id the access log and the error page show.
 */
export function runWithRequestId<T>(requestId: string, handle: () => T): T {
  return scope.run({ requestId }, handle);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}
