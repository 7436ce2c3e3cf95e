#if canImport(ObjectiveC)
  import Darwin
  import ObjectiveC

  extension ObjectiveCHierarchy {
    /// The Objective-C classes of `type`'s hierarchy with their strong instance variables, read
    /// from the Objective-C runtime as FBRetainCycleDetector does (`FBGetStrongReferencesForClass`
    /// in FBClassStrongLayout.mm, for each class from the object's class to the root): the class's
    /// own instance variables (`class_copyIvarList`, `ivar_getName`, `ivar_getOffset`,
    /// `ivar_getTypeEncoding`) and its strong layout (`class_getIvarLayout`), selected by
    /// `ObjectiveCIvarLayout.strongIvars`. A class counts as Objective-C when it has no Swift type
    /// descriptor (`SwiftRuntimeReflection.isOpaqueClass`); `NSObject` and Swift's root class
    /// are skipped, as they hold nothing a leak runs through. Nil when no Objective-C class other
    /// than those is in the hierarchy.
    static func of(_ type: AnyClass) -> ObjectiveCHierarchy? {
      var chain: [AnyClass] = [type]
      while let superclass = _getSuperclass(chain[chain.count - 1]), chain.count < 64 {
        chain.append(superclass)
      }
      chain.reverse()
      guard
        let mostDerived = SwiftRuntimeReflection.opaqueSuperclass(
          in: chain, isOpaque: SwiftRuntimeReflection.isOpaqueClass)
      else { return nil }
      var levels: [Level] = []
      for level in chain where SwiftRuntimeReflection.isOpaqueClass(level) {
        let name = SwiftRuntimeReflection.typeName(level)
        if name == "NSObject" || name.hasSuffix("SwiftObject") { continue }
        levels.append(Level(className: name, selection: strongIvars(of: level)))
      }
      return ObjectiveCHierarchy(levels: levels, mostDerived: mostDerived)
    }

    /// One Objective-C class's own strong instance variables.
    private static func strongIvars(of type: AnyClass) -> ObjectiveCIvarSelection {
      var count: UInt32 = 0
      guard let list = class_copyIvarList(type, &count) else { return ObjectiveCIvarSelection() }
      defer { free(list) }
      var ivars: [ObjectiveCIvar] = []
      for index in 0..<Int(count) {
        let ivar = list[index]
        guard let name = ivar_getName(ivar), let encoding = ivar_getTypeEncoding(ivar) else {
          continue
        }
        ivars.append(
          ObjectiveCIvar(
            name: String(cString: name), offset: ivar_getOffset(ivar),
            typeEncoding: String(cString: encoding)))
      }
      // The layout is a zero-terminated byte string owned by the class (its read-only data),
      // which lives as long as the class: read up to the terminator.
      var layout: [UInt8]? = nil
      if let bytes = class_getIvarLayout(type) {
        var bytesRead: [UInt8] = []
        var index = 0
        while bytes[index] != 0 {
          bytesRead.append(bytes[index])
          index += 1
        }
        layout = bytesRead
      }
      return ObjectiveCIvarLayout.strongIvars(ivars, layout: layout)
    }
  }
#else
  extension ObjectiveCHierarchy {
    /// Nil: without an Objective-C runtime every class has Swift metadata.
    static func of(_ type: AnyClass) -> ObjectiveCHierarchy? { nil }
  }
#endif
