// /healthz and /readyz, answered before anything else (no language redirect, no React Router)
// and never cached. /healthz says the process answers; /readyz asks the app whether it can
// serve (database, migrations, storage) and says no while the process is stopping.

const noStore = "no-store";

function sendJson(req, res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": noStore,
  });
  res.end(req.method === "HEAD" ? undefined : text);
}

/**
 * Answers a health check and returns true, or returns false for any other request.
 * `readiness()` resolves to { ready, checks }; `isStopping()` is true once a stop began.
 */
export function createHealthChecks({ readiness, isStopping }) {
  return async function answerHealthCheck(req, res) {
    const pathname = (req.url ?? "/").split("?")[0];
    if (pathname !== "/healthz" && pathname !== "/readyz") return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Cache-Control": noStore });
      res.end();
      return true;
    }
    if (pathname === "/healthz") {
      sendJson(req, res, 200, { status: "ok" });
      return true;
    }
    if (isStopping()) {
      sendJson(req, res, 503, { status: "unavailable", failing: ["stopping"], checks: {} });
      return true;
    }
    const { ready, checks } = await readiness();
    const failing = Object.keys(checks).filter((name) => checks[name] !== "ok");
    sendJson(req, res, ready ? 200 : 503, {
      status: ready ? "ok" : "unavailable",
      ...(ready ? {} : { failing }),
      checks,
    });
    return true;
  };
}
