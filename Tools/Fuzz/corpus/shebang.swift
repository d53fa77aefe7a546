#!/usr/bin/env swift
print("hi")
