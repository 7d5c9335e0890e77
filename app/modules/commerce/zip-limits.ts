/**
 * How much one archive of originals may hold (decision record 0060): enough for a project's
 * selection, small enough that one request does not hold a connection and a storage stream for
 * long. The downloads tab checks them before sending; the server checks them again.
 */
export const zipLimits = { files: 50, bytes: 2 * 1024 ** 3 };
