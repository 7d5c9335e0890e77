import { data } from "react-router";
import { services } from "../app.server";

/** The test-account tools exist only in demo mode; in production they answer 404. */
export async function requireDemoMode(): Promise<void> {
  if ((await services()).env.APP_MODE !== "demo") throw data(null, { status: 404 });
}
