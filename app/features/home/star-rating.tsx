import { StarIcon } from "lucide-react";
import { cn } from "#ui/cn";

/** Stars are decorative; the sentence beside them is what assistive tech reads. */
export function StarRating({
  rating,
  outOf = 5,
  decorative = false,
  className,
}: {
  rating: number;
  outOf?: number;
  /** When the rating is already spelled out in nearby text. */
  decorative?: boolean;
  className?: string;
}) {
  return (
    <span aria-hidden={decorative || undefined} className={cn("inline-flex items-center gap-0.5", className)}>
      {Array.from({ length: outOf }, (_, index) => (
        <StarIcon
          key={index}
          aria-hidden="true"
          className={cn("size-4", index < rating ? "fill-star text-star" : "text-border")}
        />
      ))}
      {!decorative && (
        <span className="sr-only">
          Rated {rating} out of {outOf}
        </span>
      )}
    </span>
  );
}
