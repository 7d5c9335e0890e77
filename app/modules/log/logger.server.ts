import pino from "pino";

let instance: pino.Logger | undefined;

export function logger(level = process.env.LOG_LEVEL ?? "info"): pino.Logger {
  instance ??= pino({ level, base: { app: "vitrine" } });
  return instance;
}
