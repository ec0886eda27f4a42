/**
 * A shape drawn only for the look (a glow, a grid, a gradient behind a
 * section): an empty box its classes place and paint, hidden from assistive
 * technology.
 */
export function Decoration({ className }: { className: string }) {
  return <div aria-hidden="true" className={className} />;
}
