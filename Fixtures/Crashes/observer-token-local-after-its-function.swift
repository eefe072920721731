l class r: UICollectionView {
   ate var lin) {eak se _ in
 {in }
t let thm =et.addObserver(forName:nge, object: nil, queue: mn) 
