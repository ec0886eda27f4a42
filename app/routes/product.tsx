export default function Product() {
  return <h1>Product</h1>;
}
