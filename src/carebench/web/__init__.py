"""The annotation and adjudication web app (``carebench annotate serve``; needs ``carebench[annotate]``).

Modules (import them directly; this package imports nothing at import time):

    app     the FastAPI application: sign-in, labelling, adjudication, agreement, export; serve()
"""
