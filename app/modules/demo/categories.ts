/** The catalogue's categories, one per content kind (docs/product.md, "Content kinds"). */
export const defaultCategories = [
  { slug: "photo", kind: "photo", nameFr: "Photos", nameEn: "Photos", position: 1 },
  { slug: "video", kind: "video", nameFr: "Vidéos", nameEn: "Videos", position: 2 },
  { slug: "audio", kind: "audio", nameFr: "Audio", nameEn: "Audio", position: 3 },
  {
    slug: "illustration",
    kind: "illustration",
    nameFr: "Illustrations",
    nameEn: "Illustrations",
    position: 4,
  },
  { slug: "ebook", kind: "ebook", nameFr: "Ebooks", nameEn: "Ebooks", position: 5 },
  { slug: "vector", kind: "vector", nameFr: "Vecteurs", nameEn: "Vectors", position: 6 },
] as const;
