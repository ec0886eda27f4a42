import { ColumnsIcon } from "lucide-react";
import { lazy } from "react";
import { Button } from "#ui/button";
import { DeferredDialog } from "#ui/deferred-dialog";

const loadContent = () => import("./compare-products-dialog-content");
const CompareProductsDialogContent = lazy(loadContent);

/** "Compare All Options": the trigger; the comparison's code loads when first wanted. */
export function CompareProductsDialog({ label }: { label: string }) {
  return (
    <DeferredDialog
      trigger={
        <Button variant="outline" size="lg">
          <ColumnsIcon aria-hidden="true" />
          {label}
        </Button>
      }
      dialog={CompareProductsDialogContent}
      preload={loadContent}
    />
  );
}
