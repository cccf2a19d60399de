/**
 * The docs tools' project files read from beside the content folder
 * (project-config.server.ts), in the order they are tried. Its own module
 * so that the development server can watch them without loading the
 * Markdown pipeline into Vite's config.
 */
export const PROJECT_FILES = ["mkdocs.yml", "mkdocs.yaml", "book.toml"] as const;
