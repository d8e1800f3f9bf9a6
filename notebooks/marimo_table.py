"""The Hearts table in a marimo notebook: ``marimo edit notebooks/marimo_table.py``,
or as an app with ``marimo run notebooks/marimo_table.py``. marimo shows any
anywidget through ``mo.ui.anywidget``; the table plays as it does in Jupyter."""

import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from hearts_widget import HeartsTable

    table = mo.ui.anywidget(HeartsTable())
    table  # noqa: B018 (the cell's last expression is what marimo shows)
    return


if __name__ == "__main__":
    app.run()
