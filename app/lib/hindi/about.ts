// The about page's Hindi labels (its copy comes from the loader) (decision 0036): what the components name, so the chunk a Hindi page fetches carries no more.
export { ABOUT_LABELS_HI } from "@shared/content/hi/about";
