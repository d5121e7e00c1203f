import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchRooms } from './slice';

/** The business's rooms by name, loaded for a field that puts something in one of them. */
export function useRoomChoices() {
  const dispatch = useAppDispatch();
  const rooms = useAppSelector((state) => state.rooms.rooms);
  useEffect(() => void dispatch(fetchRooms('')), [dispatch]);
  return rooms;
}
