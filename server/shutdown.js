// Graceful stop on SIGTERM and SIGINT: stop accepting connections, end what would hold the stop
// (live streams end themselves on the app's stopping signal; tus uploads are cut, as the file
// store keeps every byte written and the client resumes from there on the next process), let
// the other requests finish and the worker finish or hand back its job, both within the bound,
// then close the database and exit 0. A second signal exits at once.

/** Requests whose responses are not closed yet. */
export function createRequestTracker() {
  const open = new Set();
  let onIdle = () => {};
  return {
    track(req, res) {
      const entry = { req, res };
      open.add(entry);
      res.once("close", () => {
        open.delete(entry);
        if (open.size === 0) onIdle();
      });
    },
    open: () => [...open],
    /** Resolves true once no request is open, or false after `timeoutMs`. */
    idle(timeoutMs) {
      if (open.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        onIdle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
}

/** A tus PATCH carries upload bytes: cut, it resumes from what was written. */
function isUploadBody(req) {
  return req.method === "PATCH" && (req.url ?? "").startsWith("/api/uploads/");
}

/** Resolves true once `work` settles, or false after `timeoutMs`. */
export function withinBound(work, timeoutMs) {
  let timer;
  return Promise.race([
    work.then(() => true),
    new Promise((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Installs the signal handlers. `app` gives beginStopping(), stopWorker(timeoutMs) and
 * shutdown() (closes the database).
 */
export function stopGracefullyOnSignals({ server, tracker, app, log, timeoutMs, onStopping }) {
  let stopping = false;

  async function stop(signal) {
    stopping = true;
    onStopping();
    log.info({ signal, timeoutMs, openRequests: tracker.open().length }, "stopping");
    server.close();
    app.beginStopping();
    for (const { req } of tracker.open()) if (isUploadBody(req)) req.socket.destroy();
    // A keep-alive connection is closed as soon as its response is done.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    const [drained] = await Promise.all([
      tracker.idle(timeoutMs),
      app.stopWorker(timeoutMs).catch((error) => log.error({ err: error }, "worker stop failed")),
    ]);
    clearInterval(closeIdle);
    if (!drained) {
      log.warn({ openRequests: tracker.open().length }, "requests cut at the shutdown bound");
    }
    server.closeAllConnections();
    // Closing the database waits for queries still running; a stuck one must not hold the exit.
    const closed = await withinBound(
      app.shutdown().catch((error) => {
        log.error({ err: error }, "database close failed");
      }),
      timeoutMs,
    );
    if (!closed) log.warn("database close did not finish within the bound");
    log.info("stopped");
    process.exit(0);
  }

  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      void stop(signal);
    });
  }
}
