// Placeholder owned by the application work: the home page's #funding-form section.
export function FundingApplicationSection() {
  return <section id="funding-form" aria-label="Funding application" />;
}
