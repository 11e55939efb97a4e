export function TransactionsPage() {
  return (
    <section>
      <h1>Transactions</h1>
    </section>
  );
}
