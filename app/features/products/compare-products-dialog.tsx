import { ColumnsIcon } from "lucide-react";
import { lazy } from "react";
import { Button } from "~/components/ui/button";
import { DeferredDialog } from "~/components/ui/deferred-dialog";
import { productsSectionCopy } from "~/content/products";

const loadContent = () => import("./compare-products-dialog-content");
const CompareProductsDialogContent = lazy(loadContent);

/** "Compare All Options": the trigger; the comparison's code loads when first wanted. */
export function CompareProductsDialog() {
  return (
    <DeferredDialog
      trigger={
        <Button variant="outline" size="lg">
          <ColumnsIcon aria-hidden="true" />
          {productsSectionCopy.compare.trigger}
        </Button>
      }
      dialog={CompareProductsDialogContent}
      preload={loadContent}
    />
  );
}
