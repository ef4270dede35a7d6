"""The course around the lessons: the home page, the path's data read from the lessons' declarations, and the
Sources and Glossary pages."""
