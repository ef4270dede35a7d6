"""Class: a student joins the lecturer's question by its code or link; the lecturer's own link shows the projector's
view of the class's answers."""

from pla_lab.course import class_page

class_page.page()
