/** The longest collection name: the form field's limit and the server's check. */
export const collectionNameMax = 80;
