import { describe, expect, it } from "vitest";
import { mediaKindOf } from "~/modules/media/media-kind";

describe("mediaKindOf", () => {
  it.each([
    ["image/jpeg", "photo.jpg", "image"],
    ["image/png", "photo.PNG", "image"],
    ["image/bmp", "scan.bmp", "image"],
    ["image/svg+xml", "logo.svg", "vector"],
    ["image/svg+xml; charset=utf-8", "logo.svg", "vector"],
    ["application/postscript", "logo.eps", "vector"],
    ["application/eps", "logo.eps", "vector"],
    ["application/pdf", "logo.ai", "vector"],
    ["application/pdf", "LOGO.AI ", "vector"],
    ["application/pdf", "guide.pdf", "document"],
    ["application/pdf", "ai", "document"],
    ["application/epub+zip", "livre.epub", "document"],
    ["video/mp4", "film.mp4", "video"],
    ["video/quicktime", "film.mov", "video"],
    ["audio/mpeg", "song.mp3", "audio"],
    ["audio/wav", "song.wav", "audio"],
    ["model/gltf-binary", "chair.glb", "model"],
    ["VIDEO/MP4", "film.mp4", "video"],
  ] as const)("%s named %s is %s", (mime, fileName, kind) => {
    expect(mediaKindOf(mime, fileName)).toBe(kind);
  });

  it("judges by the type, not the name", () => {
    expect(mediaKindOf("image/jpeg", "song.mp3")).toBe("image");
    expect(mediaKindOf("video/mp4", "logo.ai")).toBe("video");
  });
});
