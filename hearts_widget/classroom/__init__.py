"""The teacher's view of a class working through a lesson.

- :mod:`.report`: what a learner's lesson reports (made in the learner's kernel from
  what it saw them do, or from the browser's copy only when it carries the class's
  seal: steps, answers right at the first try, rules mastered; never a card), and
  how it gets to the class store: written straight
  into the store's file (the launcher) or posted to the hub's class service with
  the learner's hub token (JupyterHub).
- :mod:`.store`: the class store, one SQLite file; every report is checked
  against the lesson before it is written.
- :mod:`.page`: the teacher's page (the class now, where it is stuck, a CSV).
- :mod:`.gains`: what the lesson taught, from the checks before and after it
  (``hearts_widget.lessons.prepost``): per learner and, per rule, for the class.
- :mod:`.live` and :mod:`.live_page`: the live board, one board the teacher puts before the
  whole class ("predict, then reveal"), kept in the class store beside the progress; the card
  each learner chose there is the one card the store keeps.
- :mod:`.handlers`: the page's web handlers, behind the teacher's token (the
  launcher, ``/teacher``) or the hub's login (:mod:`.service`, a hub-managed service).

Nothing here imports ipywidgets: the launcher and the hub service use it without a kernel.
"""
