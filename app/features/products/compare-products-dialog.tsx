import { ArrowRightIcon, ColumnsIcon } from "lucide-react";
import { ContentIcon } from "~/components/content-icon";
import { Button } from "#ui/button";
import { NativeDialog } from "#ui/native-dialog";
import { productPath, type ProductCardData, type ProductsSectionCopy } from "~/content/products";
import { ClaimText } from "~/components/claim-text";

type CompareCopy = ProductsSectionCopy["compare"];

/**
 * Which stacked card renders one frame after the dialog opens on a phone
 * (theme.css): those below its first screen. Two fill it; the third's content
 * comes into view from about 850 px of screen height.
 */
function afterOpen(index: number): "" | "short-screens" | undefined {
  if (index >= 3) return "";
  return index === 2 ? "short-screens" : undefined;
}

/**
 * "Compare All Options": the six products side by side, in a native
 * `<dialog>` that is part of the page's HTML (the cards' data, from the home
 * page's loader) and opens without script. A real table from md up; stacked
 * cards on a phone, where six columns cannot fit.
 */
export function CompareProductsDialog({
  products,
  copy,
}: {
  products: ProductCardData[];
  copy: CompareCopy;
}) {
  /** The table's labelled columns, in the order of each row's cells. */
  const columnLabels = [copy.columns.product, copy.columns.range, copy.columns.speed, copy.columns.bestFor];
  return (
    <NativeDialog
      trigger={
        <Button variant="outline" size="lg">
          <ColumnsIcon aria-hidden="true" />
          {copy.trigger}
        </Button>
      }
      title={copy.title}
      description={copy.description}
      titleClassName="text-2xl"
      descriptionClassName="text-base"
      className="max-w-5xl gap-6 p-5 sm:p-8"
      closeLabel="Close comparison"
    >
      <div className="hidden overflow-hidden rounded-xl border border-border md:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{copy.title}</caption>
          <thead className="bg-muted text-xs tracking-wider text-muted-foreground uppercase">
            <tr>
              {columnLabels.map((label) => (
                <th key={label} scope="col" className="px-4 py-3 font-semibold">
                  {label}
                </th>
              ))}
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{copy.detailsLink}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {products.map((product) => (
              <tr key={product.slug}>
                <th scope="row" className="px-4 py-4 font-semibold">
                  <span className="flex items-center gap-3">
                    <ProductIcon product={product} />
                    {product.title}
                  </span>
                </th>
                <td className="px-4 py-4 text-base font-bold whitespace-nowrap text-primary">
                  <ClaimText text={product.range.label} />
                </td>
                <td className="px-4 py-4 whitespace-nowrap">
                  <ClaimText text={product.typicalSpeed} />
                </td>
                <td className="px-4 py-4 text-muted-foreground">
                  <ClaimText text={product.bestFor} />
                </td>
                <td className="px-4 py-4 text-right">
                  <DetailsLink
                    label={copy.detailsLink}
                    product={product}
                    className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-primary underline-offset-4 hover:underline"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden">
        {products.map((product, index) => (
          <li
            key={product.slug}
            data-after-open={afterOpen(index)}
            className="rounded-xl border border-border p-4"
          >
            <div className="flex items-center gap-3">
              <ProductIcon product={product} />
              <h3 className="font-semibold">{product.title}</h3>
            </div>
            <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{copy.columns.range}</dt>
                <dd className="text-lg font-bold text-primary">
                  <ClaimText text={product.range.label} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{copy.columns.speed}</dt>
                <dd className="text-base font-semibold">
                  <ClaimText text={product.typicalSpeed} />
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-muted-foreground">{copy.columns.bestFor}</dt>
                <dd>
                  <ClaimText text={product.bestFor} />
                </dd>
              </div>
            </dl>
            <DetailsLink
              label={copy.detailsLink}
              product={product}
              className="mt-2 inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
            />
          </li>
        ))}
      </ul>
    </NativeDialog>
  );
}

/** The product's icon on its tinted tile, as the table and the cards show it. */
function ProductIcon({ product }: { product: ProductCardData }) {
  return (
    <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
      <ContentIcon name={product.icon} className="size-5" />
    </span>
  );
}

/** The link to the product's page; its accessible name says which product. */
function DetailsLink({
  product,
  className,
  label,
}: {
  product: ProductCardData;
  className: string;
  label: string;
}) {
  return (
    <a href={productPath(product.slug)} className={className}>
      {label}
      <span className="sr-only"> about {product.title}</span>
      <ArrowRightIcon className="size-4" aria-hidden="true" />
    </a>
  );
}
