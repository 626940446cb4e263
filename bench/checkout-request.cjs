// autocannon runs in a worker thread (so the load does not share the server's thread),
// and a worker can only load its request setup from a file: each request a new cart.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const SHELF = Number(process.env.BENCH_SHELF ?? 1000);

function saleId() {
  let id = 'SALE-';
  for (let i = 0; i < 8; i++) id += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return id;
}

module.exports = (request) => {
  const ids = new Set();
  const lines = 1 + Math.floor(Math.random() * 3);
  while (ids.size < lines) ids.add(1 + Math.floor(Math.random() * SHELF));
  const items = [...ids].map((itemId) => ({ itemId, quantity: 1 + Math.floor(Math.random() * 3) }));
  return {
    ...request,
    body: JSON.stringify({
      saleId: saleId(),
      customerName: 'Bench',
      orderType: 'Walk-in',
      items,
      taxRate: 12,
      paymentMethod: 'Cash',
    }),
  };
};
