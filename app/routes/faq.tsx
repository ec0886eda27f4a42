export default function Faq() {
  return <h1>Frequently Asked Questions</h1>;
}
