// The assistant's Hindi (decision 0036): what the components name, so the chunk a Hindi page fetches carries no more.
export { AI_HELP_PAGE_HI, CHAT_SOURCE_LABELS_HI, CHAT_WELCOME_HI } from "@shared/content/hi/chat";
export { CHAT_RATING_HI } from "@shared/content/hi/chat-rating";
