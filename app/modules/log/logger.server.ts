import pino from "pino";
import { currentRequestId } from "./request-scope.server";

let instance: pino.Logger | undefined;

export function logger(level = process.env.LOG_LEVEL ?? "info"): pino.Logger {
  instance ??= pino({
    level,
    base: { app: "vitrine" },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
  return instance;
}
