/**
 * The largest raster we decode: 120 megapixels. A 24 MP photo passes with room to spare, and so
 * do the 100 MP class of medium-format cameras (Fujifilm GFX100 and Hasselblad X2D files are
 * about 102 MP, just above a round 100 M). Memory is why there is a cap at all: JPEG, PNG, TIFF
 * and WebP stream through libvips (120 MP of any of them, EXIF-rotated or not, peaked at 130 to
 * 170 MB of RSS here), but a GIF frame is decoded whole as RGBA: 100 MP of GIF peaked at 530 MB,
 * so 120 MP stays near 650 MB, which a worker can afford, where a 20000 × 20000 image (400 MP)
 * would need about 1.7 GB. Such files are refused from their header, before any decoding.
 */
export const maxInputPixels = 120_000_000;
