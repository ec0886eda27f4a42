import "./desk.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { BASENAME, routes } from "./routes";

const router = createBrowserRouter(routes, { basename: BASENAME });

// A page restored from the back/forward cache would show what it held when
// it was left (perhaps before signing out): load it from the server instead.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) window.location.reload();
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
