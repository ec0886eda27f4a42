export default function Legal() {
  return <h1>Legal</h1>;
}
