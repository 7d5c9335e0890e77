import { services } from "~/modules/app.server";
import { countsFeed } from "~/modules/catalogue/live-counts.server";
import { stoppingSignal } from "~/modules/operations/stopping.server";
import type { Route } from "./+types/api.catalogue-events";

const heartbeatMs = 25_000;

/**
 * Server-Sent Events: every open page learns the new category counts when a submission is
 * approved, rejected, updated or deleted anywhere. Public: counts are public figures. When the
 * process stops, the stream ends cleanly and the page reconnects to the next one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { db, events } = await services();
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = countsFeed(db, events).subscribe((message) => {
        write(`event: counts\ndata: ${JSON.stringify(message)}\n\n`);
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), heartbeatMs);
      const end = () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
        stoppingSignal.removeEventListener("abort", end);
      };
      request.signal.addEventListener("abort", end);
      stoppingSignal.addEventListener("abort", end);
      // Reconnect quickly after a restart; the comment line opens the stream at once.
      write("retry: 2000\n: connected\n\n");
      if (stoppingSignal.aborted) end();
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
