// One IndexedDB object store of the worker's, its database opened on first use (version 1, the
// store created then). Used for the saved games (saves.mjs) and the kept interpreter (snapshots.mjs).

/** A function run(mode, work): `work(objectStore)` in one transaction, resolving with the result
 * of the request `work` returns once the transaction has completed (rejecting if it fails). */
export function objectStore(databaseName, storeName) {
  let database = null;
  function open() {
    database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return database;
  }
  return async function run(mode, work) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(storeName, mode);
      const request = work(transaction.objectStore(storeName));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  };
}
