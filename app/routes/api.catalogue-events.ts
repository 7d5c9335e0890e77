import { services } from "~/modules/app.server";
import { countsFeed } from "~/modules/catalogue/live-counts.server";
import type { Route } from "./+types/api.catalogue-events";

const heartbeatMs = 25_000;

/**
 * Server-Sent Events: every open page learns the new category counts when a submission is
 * approved, rejected, updated or deleted anywhere. Public: counts are public figures.
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
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
      // Reconnect quickly after a restart; the comment line opens the stream at once.
      write("retry: 2000\n: connected\n\n");
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
