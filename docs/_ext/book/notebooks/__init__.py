"""Every chapter as a Jupyter notebook, beside its page.

- ``notebook.py``: which pages get one, the notebook put together and
  written, its Colab address;
- ``cells.py``: the page's resolved doctree read into Markdown and code cells;
- ``first_cell.py``: the first cell, which writes the book's files without
  replacing a reader's.
"""

from . import cells, first_cell, notebook

__all__ = ["cells", "first_cell", "notebook"]
