// Summarises a V8 CPU profile (`node --cpu-prof server/index.js`, written on exit) by self time:
// the functions and the modules (package or app folder) where the samples landed.
//   node bench/profile-summary.js CPU.*.cpuprofile [top=25]
import { readFile } from "node:fs/promises";
import path from "node:path";

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/profile-summary.js <file.cpuprofile> [top]");
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(await readFile(file, "utf8"));

/** Which package or part of the app a script belongs to. */
function moduleOf(url) {
  if (!url) return "(native / V8)";
  const packageMatch = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (packageMatch) return packageMatch[1];
  if (url.startsWith("node:")) return "node:*";
  if (url.includes("/build/server/")) return "app (build/server)";
  return path.basename(url);
}

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const sampleCounts = new Map();
for (const id of profile.samples) sampleCounts.set(id, (sampleCounts.get(id) ?? 0) + 1);
const total = profile.samples.length;

const byFunction = new Map();
const byModule = new Map();
for (const [id, count] of sampleCounts) {
  const { callFrame } = byId.get(id);
  const name = callFrame.functionName || "(anonymous)";
  const where = callFrame.url
    ? `${moduleOf(callFrame.url)}:${callFrame.lineNumber + 1}`
    : "(native / V8)";
  const key = `${name}  ${where}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  const module = callFrame.url ? moduleOf(callFrame.url) : name.startsWith("(") ? name : "(native)";
  byModule.set(module, (byModule.get(module) ?? 0) + count);
}

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((count / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`${total} samples`);
print("Self time by module", byModule);
print("Self time by function", byFunction);
