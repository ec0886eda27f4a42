// Placeholder owned by the products work: the home page's #products section.
export function ProductsSection() {
  return <section id="products" aria-label="Funding products" />;
}
