"""The lesson framework: a page's state and its link, the page frame, the controls, the plot's protocol, the run
cache and the server's routes. It knows no lesson: lessons import it (through :mod:`pla_lab.api`), never the
reverse. What each module does is in docs/architecture.md."""
