"""Home page: what the app is."""

import streamlit as st

st.title("In One Word")
st.write("Word party games for friends and classrooms: give a one-word clue, find your words.")
